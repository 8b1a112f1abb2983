import t from 'tap';
import type { TestServer } from '@rootline/kernel/testing';
import { gedcom, human, imported } from './helpers.js';
import { exported, exportServer } from './export-fixture.js';
import { importedBack } from './round-trip-summary.js';
import { factNotes } from './item-notes.js';

/**
 * What a file says of a fact's place beside its text: its NOTEs (bourbon.ged: "Tombeau disparu
 * lors du réaménagement du chœur en 1699" under a burial's PLAC, once reported "not kept on the
 * claim") and its FORM (what each part of the place names). A place is text in Rootline, so each
 * is a note on the claim or event (`Note on the place: ...`, `Parts of the place: ...`), the
 * report says so, and both exports write them back under the PLAC.
 */

const FILE = (version: '7.0' | '5.5.1') =>
  gedcom(
    version,
    '0 @I1@ INDI', '1 NAME Louis /de Bourbon/', '1 SEX M',
    '1 BURI', '2 DATE 1699', '2 PLAC Cathédrale Notre-Dame de Paris, Paris', '3 FORM Building, City', '3 NOTE Tombeau disparu lors du réaménagement', '4 CONT du chœur en 1699', '2 NOTE Buried by the choir',
    '1 DEAT', '2 PLAC Versailles', version === '7.0' ? '3 SNOTE @N1@' : '3 NOTE @N1@',
    '0 @I2@ INDI', '1 NAME Marie /Leszczyńska/', '1 SEX F',
    '0 @F1@ FAM', '1 HUSB @I1@', '1 WIFE @I2@', '1 MARR', '2 DATE 5 SEP 1725', '2 PLAC Fontainebleau', '3 NOTE In the chapel of the Trinity',
    version === '7.0' ? '0 @N1@ SNOTE The palace, not the town' : '0 @N1@ NOTE The palace, not the town',
  );

const places = (s: TestServer, treeId?: string) => factNotes(s, 'place', treeId);

const EXPECTED = [
  'Louis de Bourbon: burial at Cathédrale Notre-Dame de Paris, Paris | Buried by the choir | Note on the place: Tombeau disparu lors du réaménagement\ndu chœur en 1699 | Parts of the place: Building, City',
  'Louis de Bourbon: death at Versailles | Note on the place: The palace, not the town',
  'family: MARR at Fontainebleau | Note on the place: In the chapel of the Trinity',
];

for (const version of ['7.0', '5.5.1'] as const) {
  t.test(`${version}: a place's notes and form are notes on the claim or event, reported as kept`, async (t) => {
    const { s, items } = await imported(t, FILE(version));
    t.same(await places(s), EXPECTED);
    const note = version === '7.0' ? 'SNOTE' : 'NOTE';
    t.same(items.filter((item) => /\.PLAC\./.test(item.path)).map((item) => `${item.path} ${item.count} ${item.kept ?? false}`).sort(), [
      'FAM.MARR.PLAC.NOTE 1 true',
      'INDI.BURI.PLAC.FORM 1 true',
      'INDI.BURI.PLAC.NOTE 1 true',
      `INDI.DEAT.PLAC.${note} 1 true`,
    ]);
    t.match(items.find((item) => item.path === 'INDI.BURI.PLAC.NOTE'), { reason: 'kept as a note on the claim ("Note on the place: ..."); exports write it back as PLAC.NOTE where the claim has its place' });
    t.match(items.find((item) => item.path === 'FAM.MARR.PLAC.NOTE'), { reason: /^kept as a note on the event / });
  });
}

t.test('a blank place note, and one pointing at no note record, are reported', async (t) => {
  const { items } = await imported(t, gedcom('5.5.1', '0 @I1@ INDI', '1 NAME Ann /Lee/', '1 BIRT', '2 PLAC Ledbury', '3 NOTE', '3 NOTE @N9@', '3 FORM'));
  t.same(items.filter((item) => /\.PLAC\./.test(item.path)).map((item) => `${item.path} ${item.reason} ${item.count}`).sort(), [
    'INDI.BIRT.PLAC.FORM blank: nothing to keep 1',
    'INDI.BIRT.PLAC.NOTE blank: nothing to keep 1',
    'INDI.BIRT.PLAC.NOTE points to no note record (@N9@) 1',
  ]);
});

t.test('import -> export (7.0, 5.5.1) -> import: the notes and form written back under the PLAC, the same notes read again', async (t) => {
  const s = await exportServer(t);
  await imported(t, FILE('7.0'), s);
  for (const version of ['7.0', '5.5.1'] as const) {
    const { text, bytes } = await exported(s, { version, include_living: true });
    t.match(text, /\n2 PLAC Cathédrale Notre-Dame de Paris, Paris\n3 NOTE Tombeau disparu lors du réaménagement\n4 CONT du chœur en 1699\n3 FORM Building, City\n/, `${version}: the burial's place with its note and form`);
    t.match(text, /\n2 PLAC Versailles\n3 NOTE The palace, not the town\n/, `${version}: the shared note's text`);
    t.match(text, /\n1 MARR\n2 DATE 5 SEP 1725\n2 PLAC Fontainebleau\n3 NOTE In the chapel of the Trinity\n/, `${version}: the marriage's`);
    t.notMatch(text, /Note on the place|Parts of the place/, `${version}: not written as notes as well`);
    t.match(text, /\n2 NOTE Buried by the choir\n/, `${version}: the fact's own note is still the fact's`);
    const fresh = await importedBack(t, s, version, bytes, 'place-notes');
    t.same(await places(s, fresh.id), EXPECTED, `${version}: the same places and notes`);
  }
});

t.test('a redacted place takes its notes and form with it; a fact without a place keeps them as NOTEs', async (t) => {
  const s = await exportServer(t);
  const { cradle, tree } = await imported(t, FILE('7.0'), s);
  const burial = tree.prepare("SELECT id FROM assertions WHERE kind = 'burial'").pluck().get() as string;
  const marriage = tree.prepare("SELECT id FROM events WHERE type = 'MARR'").pluck().get() as string;
  cradle.redactionsService.create(human, { target: burial, field: 'place', reason: 'family wish' });
  cradle.redactionsService.create(human, { target: marriage, field: 'place', reason: 'family wish' });
  const persona = tree.prepare("SELECT id FROM personas WHERE as_written LIKE 'Marie%'").pluck().get() as string;
  const christening = cradle.assertionsService.capture(human, { persona, kind: 'christening', date: '1703' });
  cradle.notesService.create(human, { target: christening.id, text: 'Note on the place: the parish register names no church' });
  const { job, text } = await exported(s, { version: '7.0', include_living: true });
  t.notMatch(text, /Tombeau|Building, City|Notre-Dame|Trinity|Fontainebleau/, 'neither the redacted places nor what is said of them');
  t.match(text, /\n1 BURI\n2 DATE 1699\n2 NOTE Buried by the choir\n/, "the burial's own note is written");
  t.match(text, /\n1 CHR\n2 DATE 1703\n2 NOTE Note on the place: the parish register names no church\n/, 'no PLAC to hold it: the note as it is');
  const report = (await s.request('GET', '/v1/gedcom/loss-reports', { query: { report_id: job.result.report_id } })).json().items as { path: string; reason: string; count: number }[];
  t.same(report.filter((item) => item.path.endsWith('.PLAC')).map(({ path, reason, count }) => [path, reason, count]).sort(), [
    ['FAM.MARR.PLAC', 'notes and parts of a redacted place not written', 1],
    ['INDI.BURI.PLAC', 'notes and parts of a redacted place not written', 2],
  ]);
});

t.test("only the first place's notes, form and coordinates are kept; a second PLAC's and a second MAP are reported", async (t) => {
  const { tree, items } = await imported(t, gedcom('7.0',
    '0 @I1@ INDI', '1 NAME Ann /Lee/',
    '1 BIRT', '2 DATE 1 JAN 1850', '3 TIME 10:00',
    '2 PLAC Ledbury', '3 MAP', '4 LATI N52.04', '4 LONG W2.42', '3 MAP', '4 LATI N1', '4 LONG W1', '3 NOTE By the church',
    '2 PLAC Hereford', '3 NOTE Or here', '3 FORM City',
  ));
  const birth = tree.prepare("SELECT id FROM assertions WHERE kind = 'birth'").pluck().get() as string;
  t.same(tree.prepare('SELECT text FROM notes WHERE target = ? ORDER BY text').pluck().all(birth), [
    'Coordinates of the place: latitude N52.04, longitude W2.42',
    'Note on the place: By the church',
    'Time of day: 10:00',
  ], "the first place's coordinates and note, nothing of the second");
  t.same(items.map((item) => `${item.path} ${item.kept ? 'kept' : 'lost'}: ${item.reason}`).filter((line) => /BIRT\.(DATE|PLAC)/.test(line)).sort(), [
    'INDI.BIRT.DATE.TIME kept: kept as a note on the claim ("Time of day: ..."); 7.0 exports write it back under the DATE (5.5.1 has no TIME there: the note)',
    'INDI.BIRT.PLAC lost: second place not kept on the claim',
    'INDI.BIRT.PLAC.FORM lost: not kept on the claim',
    'INDI.BIRT.PLAC.MAP kept: coordinates kept as a note on the claim (a place holds none); exports write them back as MAP',
    'INDI.BIRT.PLAC.MAP lost: not kept on the claim',
    'INDI.BIRT.PLAC.NOTE kept: kept as a note on the claim ("Note on the place: ..."); exports write it back as PLAC.NOTE where the claim has its place',
    'INDI.BIRT.PLAC.NOTE lost: not kept on the claim',
  ]);
});
