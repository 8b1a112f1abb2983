import t from 'tap';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateGedcom } from '@rootline/gedcom';
import { gedcom, imported } from './helpers.js';
import { notesOnClaimsAndEvents } from './item-notes.js';
import { exported, exportServer } from './export-fixture.js';
import { importedBack } from './round-trip-summary.js';

/**
 * Lines under a fact that no field of a claim or event holds: the cause of a death or of a
 * title (CAUS: bourbon.ged, "Dysenterie"), the agency (AGNC), the religion (RELI) and the TYPE
 * of a fact that is not EVEN or FACT (an IDNO's kind of number; sample.ged's "Birth of ..."),
 * once reported "not kept". Each is a note on the claim or event (`Cause: Dysenterie`), the
 * report says so, and both exports write it back as its line.
 */

const FILE = (version: '7.0' | '5.5.1') =>
  gedcom(
    version,
    '0 @I1@ INDI', '1 NAME Louis /Capet/', '1 SEX M',
    '1 DEAT', '2 DATE 25 AUG 1270', '2 CAUS Dysenterie', '2 NOTE Near Tunis',
    '1 TITL King of France', '2 CAUS Death of his father', '2 AGNC Reims cathedral chapter',
    '1 CHR', '2 RELI Catholic',
    '1 IDNO 123-45-6789', '2 TYPE Social Insurance Number',
    '1 BIRT', '2 TYPE Birth of Louis', '2 DATE 25 APR 1214',
    '0 @I2@ INDI', '1 NAME Marguerite /de Provence/', '1 SEX F',
    '0 @F1@ FAM', '1 HUSB @I1@', '1 WIFE @I2@', '1 MARR', '2 DATE 27 MAY 1234', '2 AGNC Archbishop of Sens', '2 RELI Catholic',
  );

const details = notesOnClaimsAndEvents;

const EXPECTED = [
  'Louis Capet: birth | Type: Birth of Louis',
  'Louis Capet: christening | Religion: Catholic',
  'Louis Capet: death | Cause: Dysenterie | Near Tunis',
  'Louis Capet: identity_number | Type: Social Insurance Number',
  'Louis Capet: title | Agency: Reims cathedral chapter | Cause: Death of his father',
  'family: MARR | Agency: Archbishop of Sens | Religion: Catholic',
];

for (const version of ['7.0', '5.5.1'] as const) {
  t.test(`${version}: a fact's TYPE, CAUS, AGNC and RELI are notes on its claim or event, and the report says where they went`, async (t) => {
    const { s, items } = await imported(t, FILE(version));
    t.same(await details(s), EXPECTED);
    t.same(items.map((item) => `${item.path}: ${item.reason}`).sort(), [
      'FAM.MARR.AGNC: kept as a note on the event ("Agency: ..."); exports write it back as AGNC',
      'FAM.MARR.RELI: kept as a note on the event ("Religion: ..."); exports write it back as RELI',
      'INDI.BIRT.TYPE: kept as a note on the claim ("Type: ..."); exports write it back as TYPE',
      'INDI.CHR.RELI: kept as a note on the claim ("Religion: ..."); exports write it back as RELI',
      'INDI.DEAT.CAUS: kept as a note on the claim ("Cause: ..."); exports write it back as CAUS',
      'INDI.IDNO.TYPE: kept as a note on the claim ("Type: ..."); exports write it back as TYPE',
      'INDI.TITL.AGNC: kept as a note on the claim ("Agency: ..."); exports write it back as AGNC',
      'INDI.TITL.CAUS: kept as a note on the claim ("Cause: ..."); exports write it back as CAUS',
    ], 'nothing reported "not kept"');
  });
}

t.test('import -> export (7.0, 5.5.1) -> import: the lines are written back, and read back as the same notes', async (t) => {
  const s = await exportServer(t);
  await imported(t, FILE('5.5.1'), s);
  for (const version of ['7.0', '5.5.1'] as const) {
    const { text, bytes } = await exported(s, { version, include_living: true });
    t.match(text, /\n1 DEAT\n2 DATE 25 AUG 1270\n2 CAUS Dysenterie\n2 NOTE Near Tunis\n/, `${version}: the death's cause, and its other note as a note`);
    t.match(text, /\n1 TITL King of France\n2 CAUS Death of his father\n2 AGNC Reims cathedral chapter\n/, `${version}: the title's`);
    t.match(text, /\n1 IDNO 123-45-6789\n2 TYPE Social Insurance Number\n/, `${version}: the IDNO's own TYPE, not "identity number"`);
    t.match(text, /\n1 BIRT\n2 TYPE Birth of Louis\n2 DATE 25 APR 1214\n/, `${version}: the birth's TYPE`);
    t.match(text, /\n1 MARR\n2 DATE 27 MAY 1234\n2 AGNC Archbishop of Sens\n2 RELI Catholic\n/, `${version}: the marriage's`);
    t.notMatch(text, /NOTE (Cause|Agency|Religion|Type): /, `${version}: none of them written as a note as well`);
    const fresh = await importedBack(t, s, version, bytes, 'details');
    t.same(await details(s, fresh.id), EXPECTED, `${version}: the same details`);
  }
});

const bourbon = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/corpus/real/bourbon.ged');

t.test('bourbon.ged: every CAUS is kept and comes back from both exports', { skip: existsSync(bourbon) ? false : `${bourbon} not found` }, async (t) => {
  const s = await exportServer(t);
  const { lost, items } = await imported(t, readFileSync(bourbon), s);
  t.notOk(lost.some((item) => /\.(CAUS|AGNC|RELI|TYPE) not kept/.test(item)), 'no CAUS, AGNC, RELI or TYPE reported "not kept" (blank ones: "blank: nothing to keep")');
  t.equal(items.filter((item) => item.path.endsWith('.CAUS')).reduce((sum, item) => sum + item.count, 0), 26, 'the 26 CAUS lines of the file kept as notes');
  const before = await details(s);
  t.ok(before.includes('Louis IX “Saint-Louis” CAPET: death | Cause: Dysenterie | Coordinates of the place: latitude N36.81897, longitude E10.16579'), 'Louis IX died of dysentery (at Tunis)');
  for (const version of ['7.0', '5.5.1'] as const) {
    const { bytes } = await exported(s, { version, include_living: true });
    const fresh = await importedBack(t, s, version, bytes, 'bourbon');
    t.same(await details(s, fresh.id), before, `${version}: every note, details included, comes back`);
  }
});

t.test("a QUAY under the fact itself (Brother's Keeper: no SOUR) is a note on the claim, which exports write as a NOTE: GEDCOM has no QUAY there", async (t) => {
  const s = await exportServer(t);
  const { items } = await imported(t, gedcom('5.5.1', '0 @I1@ INDI', '1 NAME Pat /Reagan/', '1 BIRT', '2 DATE 1829', '2 PLAC Ireland', '2 QUAY 2'), s);
  t.same(items.filter((item) => item.path === 'INDI.BIRT.QUAY').map((item) => [item.reason, item.kept]), [
    ['kept as a note on the claim ("Quality of the evidence: ..."); GEDCOM has no QUAY here, so exports write the note', true],
  ]);
  t.same(await details(s), ['Pat Reagan: birth | Quality of the evidence: 2']);
  for (const version of ['7.0', '5.5.1'] as const) {
    const { text, bytes } = await exported(s, { version, include_living: true });
    t.match(text, /\n1 BIRT\n2 DATE 1829\n2 PLAC Ireland\n2 NOTE Quality of the evidence: 2\n/, `${version}: the note, under the birth`);
    t.same((await validateGedcom(bytes)).errors, [], `${version}: a valid file`);
  }
});

t.test("an address under a fact or event (a residence's street), its phone, email and website: notes on it, written back as their lines; hidden with a redacted place", async (t) => {
  const s = await exportServer(t);
  const { items, cradle, tree } = await imported(t, gedcom(
    '5.5.1',
    '0 @I1@ INDI', '1 NAME Ann /Lee/', '1 SEX F',
    '1 BIRT', '2 DATE 1850', '2 PLAC Leominster', '2 NOTE Born at the mill',
    '1 RESI', '2 DATE 1881', '2 PLAC Hereford', '2 ADDR 12 Broad Street', '3 CONT Hereford', '3 CITY Hereford', '2 PHON 01432 1234', '2 EMAIL ann@example.org', '2 NOTE Lodger of Tom Price',
    '1 DEAT', '2 DATE 1920', '2 ADDR', '3 ADR1 The Almshouse', '3 CITY Ledbury', '3 CTRY England',
    '0 @I2@ INDI', '1 NAME Tom /Lee/', '1 SEX M',
    '0 @F1@ FAM', '1 HUSB @I2@', '1 WIFE @I1@', '1 MARR', '2 DATE 1879', '2 PLAC Ledbury', '2 ADDR St Michael\'s Church', '2 WWW https://example.org/st-michael',
  ), s);
  t.same(await details(s), [
    'Ann Lee: birth | Born at the mill',
    'Ann Lee: death | Address: The Almshouse, Ledbury, England',
    'Ann Lee: residence | Address: 12 Broad Street, Hereford | Email: ann@example.org | Lodger of Tom Price | Phone: 01432 1234',
    "family: MARR | Address: St Michael's Church | Website: https://example.org/st-michael",
  ], 'the text on one line; parts only where the address has no text');
  t.same(items.filter((item) => !item.kept), [], 'nothing reported lost: the parts beside a text are in it');
  // 5.5.1 doubles every @ of a text (7.0 only a leading one).
  const expectLines = (version: string) => [
    new RegExp(`\n1 RESI\n2 DATE 1881\n2 PLAC Hereford\n2 ADDR 12 Broad Street, Hereford\n2 PHON 01432 1234\n2 EMAIL ann${version === '5.5.1' ? '@@' : '@'}example.org\n2 NOTE Lodger of Tom Price\n`),
    /\n1 DEAT\n2 DATE 1920\n2 ADDR The Almshouse, Ledbury, England\n/,
    /\n1 MARR\n2 DATE 1879\n2 PLAC Ledbury\n2 ADDR St Michael's Church\n2 WWW https:\/\/example.org\/st-michael\n/,
  ];
  const before = await details(s);
  for (const version of ['7.0', '5.5.1'] as const) {
    const { text, bytes } = await exported(s, { version, include_living: true });
    for (const line of expectLines(version)) t.match(text, line, `${version}: ${line.source.split('\\n')[1]}`);
    t.notMatch(text, /NOTE (Address|Phone|Email|Website): /, `${version}: none written as a note as well`);
    const fresh = await importedBack(t, s, version, bytes, 'addresses');
    t.same(await details(s, fresh.id), before, `${version}: the same notes`);
  }
  const residence = tree.prepare("SELECT id FROM assertions WHERE kind = 'residence'").pluck().get() as string;
  const marriage = tree.prepare("SELECT id FROM events WHERE type = 'MARR'").pluck().get() as string;
  const birth = tree.prepare("SELECT id FROM assertions WHERE kind = 'birth'").pluck().get() as string;
  cradle.redactionsService.create(cradle.actor, { target: birth, field: 'place', reason: 'family wish' });
  cradle.redactionsService.create(cradle.actor, { target: residence, field: 'place', reason: 'she lives there still' });
  cradle.redactionsService.create(cradle.actor, { target: marriage, field: 'place', reason: 'family wish' });
  const { text, job } = await exported(s, { version: '7.0', include_living: true });
  t.notMatch(text, /Broad Street|01432|ann@example|St Michael/, 'a redacted place hides the address, phone, email and website, not even as a note');
  t.match(text, /The Almshouse/, 'an address whose place is not redacted is written');
  t.match(text, /\n2 NOTE Lodger of Tom Price\n/, "a residence's other notes are written, its place redacted");
  t.match(text, /\n2 NOTE Born at the mill\n/, 'a redacted place with no address hides nothing else');
  const report = (await s.request('GET', '/v1/gedcom/loss-reports', { query: { report_id: job.result.report_id } })).json().items as { path: string; reason: string; count: number }[];
  t.same(report.filter((item) => item.path.endsWith('.ADDR')).map(({ path, reason, count }) => [path, reason, count]).sort(), [
    ['FAM.MARR.ADDR', 'address of a redacted place not written', 2],
    ['INDI.RESI.ADDR', 'address of a redacted place not written', 3],
  ]);
});

/**
 * An LDS ordinance's temple (TEMP) and status (STAT, with the DATE it was set: 27 in the corpus,
 * reported "not kept") are notes on the claim or event (`Temple: SLAKE`, `Ordinance status:
 * COMPLETED`, `Ordinance status date: 1 JAN 2000`), written back as their lines by both exports:
 * the DATE under its STAT. GEDCOM requires that DATE, so a status without one stays a note.
 */
const ORDINANCES = gedcom(
  '5.5.1',
  '0 @I1@ INDI', '1 NAME Ann /Reid/', '1 SEX F',
  '1 BAPL', '2 DATE 5 MAY 1890', '2 TEMP SLAKE', '2 STAT COMPLETED', '3 DATE 1 JAN 2000',
  '1 ENDL', '2 STAT SUBMITTED',
  '0 @I2@ INDI', '1 NAME John /Hay/', '1 SEX M',
  '0 @F1@ FAM', '1 HUSB @I2@', '1 WIFE @I1@', '1 SLGS', '2 TEMP LOGAN', '2 STAT BIC', '3 DATE 2 FEB 2001',
);
const ORDINANCE_NOTES = [
  'Ann Reid: lds_baptism | Ordinance status date: 1 JAN 2000 | Ordinance status: COMPLETED | Temple: SLAKE',
  'Ann Reid: lds_endowment | Ordinance status: SUBMITTED',
  'family: SLGS | Ordinance status date: 2 FEB 2001 | Ordinance status: BIC | Temple: LOGAN',
];

t.test("an LDS ordinance's temple and status (with its date) are notes, written back as TEMP and STAT + DATE; a status without its date stays a note", async (t) => {
  const s = await exportServer(t);
  const { items } = await imported(t, ORDINANCES, s);
  t.same(await details(s), ORDINANCE_NOTES);
  t.same(items.filter((item) => !item.kept).map((item) => item.path), [], 'nothing reported lost');
  t.match(items.find((item) => item.path === 'INDI.BAPL.STAT.DATE'), { kept: true, reason: 'kept as a note on the claim ("Ordinance status date: ..."); exports write it back as STAT.DATE' });
  for (const version of ['7.0', '5.5.1'] as const) {
    const { text, bytes } = await exported(s, { version, include_living: true });
    t.match(text, /\n1 BAPL\n2 DATE 5 MAY 1890\n2 TEMP SLAKE\n2 STAT COMPLETED\n3 DATE 1 JAN 2000\n/, `${version}: the baptism's temple, status and its date`);
    t.match(text, /\n1 SLGS\n2 TEMP LOGAN\n2 STAT BIC\n3 DATE 2 FEB 2001\n/, `${version}: the sealing's`);
    t.match(text, /\n1 ENDL\n2 NOTE Ordinance status: SUBMITTED\n/, `${version}: a status without its required date stays a note`);
    const fresh = await importedBack(t, s, version, bytes, 'ordinances');
    t.same(await details(s, fresh.id), ORDINANCE_NOTES, `${version}: the same notes`);
  }
});

t.test('a temple or a status under a fact that is no ordinance has no GEDCOM line there: it stays a note', async (t) => {
  const s = await exportServer(t);
  await imported(t, gedcom('5.5.1', '0 @I1@ INDI', '1 NAME Ann /Reid/', '1 BAPM', '2 TEMP SLAKE', '2 STAT COMPLETED', '3 DATE 1 JAN 2000'), s);
  const { text } = await exported(s, { version: '7.0', include_living: true });
  t.match(text, /\n1 BAPM\n/);
  for (const note of ['Temple: SLAKE', 'Ordinance status: COMPLETED', 'Ordinance status date: 1 JAN 2000']) t.match(text, new RegExp(`\\n2 NOTE ${note}\\n`));
  t.notMatch(text, /\n2 (TEMP|STAT) /);
});
