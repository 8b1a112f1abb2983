import t from 'tap';
import { eventTypeLabel, GEDCOM_TYPES, normalizeEventType } from '../src/event-types.js';
import { normalizeRole } from '../src/roles.js';
import { eventDate, placeKey, windowRange } from '../src/dates.js';

t.test('event types and their labels', async (t) => {
  t.equal(normalizeEventType(' bapm '), 'BAPM');
  t.equal(normalizeEventType('_Milt'), '_MILT');
  t.equal(normalizeEventType('custom:\tCourt   appearance '), 'custom:Court appearance');
  t.equal(normalizeEventType('Custom:Baptême'), 'custom:Baptême', 'the custom text keeps its case and accents');
  for (const refused of ['BIRTH', 'custom:', '_', 'B A P M', 'EVEN2', 'X_MILT', 'MILT_', '1_A', '_MILT X', ' custom: ']) t.equal(normalizeEventType(refused), null, refused);
  t.equal(eventTypeLabel('BAPM'), 'Baptism');
  t.equal(eventTypeLabel('MARR'), 'Marriage');
  t.equal(eventTypeLabel('custom:Court appearance'), 'Court appearance');
  t.equal(eventTypeLabel('_MILT'), '_MILT');
  t.equal(eventTypeLabel('EVEN'), 'Event');
  t.equal(eventTypeLabel('CAST'), 'Caste');
  t.equal(eventTypeLabel('SLGS'), 'LDS sealing to spouse');
});

t.test('roles are tidied', async (t) => {
  t.equal(normalizeRole('  Head   of Household '), 'head of household');
});

t.test('dates, places and windows', async (t) => {
  t.same(eventDate(undefined), { date: null, sort_date: null });
  t.same(eventDate('   '), { date: null, sort_date: null });
  t.same(eventDate(' ABT 1850 '), { date: 'ABT 1850', sort_date: '1850-01-01:13' });
  t.same(eventDate('about the time of the flood'), { date: 'about the time of the flood', sort_date: null });
  t.equal(placeKey('  Ledbury ,Herefordshire,   England '), 'ledbury, herefordshire, england');
  t.equal(placeKey('Cafe\u0301'), placeKey('Café'), 'NFC');
  t.equal(placeKey('  '), null);
  // One place however its commas and spaces were typed: FAN co-occurrence matches on this key.
  t.equal(placeKey('Much  Marcle,Herefordshire'), 'much marcle, herefordshire', 'spaces inside a name kept as one; a comma gets one space after it');
  t.equal(placeKey('Much Marcle , Herefordshire'), placeKey('Much Marcle,Herefordshire'));
  t.same(windowRange(1850, 1880), { lower: '1850', upper: '1880:' });
  t.same(windowRange(undefined, 950), { lower: null, upper: '0950:' });
  t.same(windowRange(1850, undefined), { lower: '1850', upper: null }, 'no end: open above');
  t.same(windowRange(undefined, undefined), { lower: null, upper: null });
  const inside = (key: string, range: { lower: string | null; upper: string | null }) => (range.lower === null || key >= range.lower) && (range.upper === null || key < range.upper);
  t.ok(inside('1850-01-01:10', windowRange(1850, 1850)), 'BEF 1850 is in 1850');
  t.ok(inside('1850-12-31:91', windowRange(1850, 1850)), 'AFT 1850 is in 1850');
  t.notOk(inside('1851-01-01:12', windowRange(1850, 1850)));
  t.notOk(inside('1849-12-31:32', windowRange(1850, 1850)));
  t.notOk(inside('-9957-03-15:32', windowRange(1, 1850)), 'BCE keys sort before year 1');
  t.ok(inside('9999-12-31:32', windowRange(9999, 9999)));
});

t.test('every GEDCOM type a genealogist can pick has a label of its own: none blank, none shared', async (t) => {
  const labels = new Map<string, string>();
  for (const [tag, label] of Object.entries(GEDCOM_TYPES)) {
    t.equal(normalizeEventType(tag.toLowerCase()), tag, `${tag} is a type`);
    t.equal(eventTypeLabel(tag), label);
    t.match(label, /^[A-Z][a-z]*( [a-z]+)*$|^LDS [a-z]+( [a-z]+)*$/, `${tag}: "${label}" is a phrase, capitalised`);
    t.notOk(labels.has(label), `${tag}: "${label}" is not also ${labels.get(label)}'s label`);
    labels.set(label, tag);
  }
  t.equal(labels.size, 52, 'the GEDCOM 7 events and attributes, EVEN and FACT, and the LDS ordinances');
});
