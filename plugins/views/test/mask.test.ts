import t from 'tap';
import type { Redactions } from '../src/redactions/cache.js';
import { applyRedactions } from '../src/redactions/mask.js';

/**
 * The masking rule on parsed replies, without a server: which objects describe a redacted
 * entity, and which of their fields an agent loses. (Through the routes: redactions*.test.ts.)
 */
const PERSON = '01938f10-1a2b-7c3d-8e4f-5a6b7c8d9e0f';
const redactions = (targets: [string, { whole: boolean; fields: string[] }][]): Redactions => ({
  targets: new Map(targets.map(([id, { whole, fields }]) => [id, { whole, fields: new Set(fields) }])),
  quotes: null,
  needles: [],
  derivable: false,
});
const masked = (value: unknown, r: Redactions, agent = true) => {
  const copy = structuredClone(value);
  return { changed: applyRedactions(copy, r, agent), value: copy };
};

t.test('a whole person in a summary without an id (a pedigree slot): each field it shows is hidden, no field is added', async (t) => {
  const whole = redactions([[PERSON, { whole: true, fields: [] }]]);
  const slot = { person: PERSON, display_name: 'William Smyth', birth: '1851', death: '1920', life_years: '1851–1920', label: 'William Smyth (1851–1920)', generation: 2 };
  t.same(masked(slot, whole).value, { person: PERSON, display_name: '[redacted]', birth: '[redacted]', death: '[redacted]', life_years: '[redacted]', label: '[redacted]', generation: 2 });
  t.same(masked({ person: PERSON, display_name: 'William Smyth', generation: 2 }, whole).value, { person: PERSON, display_name: '[redacted]', generation: 2 }, 'only what the slot has');
  t.same(masked(slot, whole, false).value, { ...slot, redacted: ['display_name', 'birth', 'death', 'life_years', 'label'] }, 'the human reads every value, flagged');
});

t.test('an entity that has a kind and a label and more: its own fields by the entity rule, its label by the label rule', async (t) => {
  const birth = redactions([[PERSON, { whole: false, fields: ['birth'] }]]);
  const person = { id: PERSON, kind: 'person', label: 'William Smyth (1851–)', birth: '1851' };
  t.same(masked(person, birth).value, { ...person, birth: '[redacted]', label: '[redacted]' }, 'its birth hidden, and its label, which is made of the birth');
  t.same(masked(person, birth, false).value, { ...person, redacted: ['birth', 'label'] }, 'the human reads both, flagged');
  const label = { id: PERSON, kind: 'person', label: 'William Smyth (1851–)' };
  t.same(masked(label, birth).value, { ...label, label: '[redacted]' }, 'a label alone: hidden, being made of the birth');
  // A research signal's example (GET /research/signals): a label with the entities it relates to.
  const name = redactions([[PERSON, { whole: false, fields: ['display_name'] }]]);
  const example = { id: PERSON, kind: 'person', label: 'Dora Old', related: [] };
  t.same(masked(example, name).value, { ...example, label: '[redacted]' }, 'a signal example: its label hidden with the name it shows');
  const source = redactions([[PERSON, { whole: false, fields: ['title'] }]]);
  t.same(masked(example, source), { changed: false, value: example }, 'a field the label is not made of leaves it');
});

t.test('an object with a label but no kind is not a label: nothing of it is covered by a field redaction it does not have', async (t) => {
  const birth = redactions([[PERSON, { whole: false, fields: ['birth'] }]]);
  const view = { id: PERSON, label: 'Smyth family' };
  t.same(masked(view, birth), { changed: false, value: view });
  const numbered = { id: PERSON, kind: 7, label: 'Smyth family' };
  t.same(masked(numbered, birth), { changed: false, value: numbered }, 'a kind that is not text');
});

t.test("a duplicate candidate's reasons: a reason about a field the person's redaction hides loses its detail", async (t) => {
  const candidate = () => ({
    person: { id: PERSON, display_name: 'Dora Old', birth: { date: '1852' } },
    score: 0.9,
    reasons: [
      { field: 'surname', how: 'exact', detail: 'Old = Old' },
      { field: 'given', how: 'nickname', detail: 'Dorothy ~ Dora: both forms of Dorothy' },
      { field: 'birth', how: 'compatible', detail: '"ABT 1850" and "1852" are 2 years apart, within the slack' },
    ],
  });
  const name: any = masked(candidate(), redactions([[PERSON, { whole: false, fields: ['display_name'] }]])).value;
  t.same(name.reasons.map((reason: { detail: string }) => reason.detail), ['[redacted]', '[redacted]', '"ABT 1850" and "1852" are 2 years apart, within the slack'], 'the name hidden: the name reasons, not the birth');
  t.equal(name.person.display_name, '[redacted]');
  const birth: any = masked(candidate(), redactions([[PERSON, { whole: false, fields: ['birth'] }]])).value;
  t.same(birth.reasons.map((reason: { detail: string }) => reason.detail), ['Old = Old', 'Dorothy ~ Dora: both forms of Dorothy', '[redacted]'], 'the birth hidden: its reason only');
  const whole: any = masked(candidate(), redactions([[PERSON, { whole: true, fields: [] }]])).value;
  t.ok(whole.reasons.every((reason: { detail: string }) => reason.detail === '[redacted]'), 'the whole person: every reason');
  const human: any = masked(candidate(), redactions([[PERSON, { whole: false, fields: ['display_name'] }]]), false).value;
  t.same(human.reasons.map((reason: { detail: string; redacted?: string[] }) => [reason.detail, reason.redacted]), [
    ['Old = Old', ['detail']], ['Dorothy ~ Dora: both forms of Dorothy', ['detail']], ['"ABT 1850" and "1852" are 2 years apart, within the slack', undefined],
  ], 'the human reads them, flagged');
  t.same(masked(candidate(), redactions([['01938f10-0000-7000-8000-000000000000', { whole: true, fields: [] }]])), { changed: false, value: candidate() }, 'another person\'s redaction: nothing');
});

t.test("an entity's past: a redacted field is hidden in its corrections as well, the rest of them kept", async (t) => {
  const place = redactions([[PERSON, { whole: false, fields: ['place'] }]]);
  const event = {
    id: PERSON,
    type: 'MARR',
    place: 'Newport, RI',
    corrections: [
      { id: 'c1', previous: { place: 'Newport' }, values: { place: 'Newport, RI' }, reason: 'the register', at_ms: 1 },
      { id: 'c2', previous: { date: '1953' }, values: { date: '12 SEP 1953' }, reason: 'the date', at_ms: 2 },
    ],
  };
  t.same(masked(event, place).value, {
    ...event,
    place: '[redacted]',
    corrections: [
      { id: 'c1', previous: { place: '[redacted]' }, values: { place: '[redacted]' }, reason: 'the register', at_ms: 1 },
      event.corrections[1],
    ],
  });
  t.same(masked(event, place, false).value, {
    ...event,
    redacted: ['place'],
    corrections: [{ ...event.corrections[0], previous: { place: 'Newport', redacted: ['place'] }, values: { place: 'Newport, RI', redacted: ['place'] } }, event.corrections[1]],
  }, 'the human reads them, flagged where they are');
  const other = { ...event, id: 'another-event' };
  t.same(masked(other, place), { changed: false, value: other }, "another event's corrections are its own");
  const parent = { id: PERSON, display_name: 'Mary Smyth', parents: [{ id: 'p2', display_name: 'Ann Smyth', corrections: [{ display_name: 'Ann' }] }] };
  const name = redactions([[PERSON, { whole: false, fields: ['display_name'] }]]);
  t.same(masked(parent, name).value, { ...parent, display_name: '[redacted]' }, 'what nested entities carry follows their own redactions');
});

t.test('a record of the log (GET /audit): what its payload says of a redacted entity is hidden', async (t) => {
  const record = (payload: unknown, entity = PERSON) => ({ seq: 7, record_id: 'r7', kind: 'source.created.v1', entity_type: 'source', entity_id: entity, at_ms: 1, payload });
  const title = redactions([[PERSON, { whole: false, fields: ['title'] }]]);
  t.same(masked(record({ title: 'Assassinated', template: null }), title).value, record({ title: '[redacted]', template: null }), "a source's redacted title");
  t.same(masked(record({ title: 'Assassinated' }), title, false).value, record({ title: 'Assassinated', redacted: ['title'] }), 'the human reads it, flagged');
  const place = redactions([[PERSON, { whole: false, fields: ['place'] }]]);
  t.same(
    masked(record({ previous: { place: 'Newport' }, values: { place: 'Newport, RI' }, reason: 'x' }), place).value,
    record({ previous: { place: '[redacted]' }, values: { place: '[redacted]' }, reason: 'x' }),
    "an event's correction, before and after",
  );
  const name = redactions([[PERSON, { whole: false, fields: ['name'] }]]);
  t.same(masked(record({ pieces: { given: 'Caroline', surname: 'Kennedy' } }), name).value, record({ pieces: '[redacted]' }), "a persona's name, as its pieces were set");
  const whole = redactions([[PERSON, { whole: true, fields: [] }]]);
  t.same(masked(record({ title: 'Assassinated' }), whole).value, record('[redacted]'), 'a whole entity: its records say nothing of it');
  t.same(masked(record({ title: 'Assassinated' }), whole, false).value, { ...record({ title: 'Assassinated' }), redacted: ['payload'] });
  const another = record({ title: 'Assassinated' }, 'another-source');
  t.same(masked(another, title), { changed: false, value: another }, "another entity's records are left");
  const without = { seq: 8, entity_id: PERSON, kind: 'x' };
  t.same(masked(without, whole), { changed: false, value: without }, 'an object without a payload is not a record');
});

t.test("a person's entry anchor quotes the person's name in its text: hidden with the name", async (t) => {
  const anchor = () => ({ id: 'q1', text: 'General research: Patrick Kennedy', anchor: { kind: 'person', person: PERSON }, subjects: [PERSON] });
  for (const redacted of [{ whole: true, fields: [] }, { whole: false, fields: ['display_name'] }]) {
    const r = redactions([[PERSON, redacted]]);
    t.same(masked(anchor(), r).value, { ...anchor(), text: '[redacted]' }, JSON.stringify(redacted));
    t.same(masked(anchor(), r, false).value, { ...anchor(), redacted: ['text'] }, 'the human reads it, flagged');
  }
  const birth = redactions([[PERSON, { whole: false, fields: ['birth'] }]]);
  t.same(masked(anchor(), birth), { changed: false, value: anchor() }, 'another field of the person: the text stays');
  const asked = { id: 'q2', text: 'Who were the parents of Patrick Kennedy?', anchor: null };
  t.same(masked(asked, redactions([[PERSON, { whole: true, fields: [] }]])), { changed: false, value: asked }, "a researcher's own question is free text");
});
