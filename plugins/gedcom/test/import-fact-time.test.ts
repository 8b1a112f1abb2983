import t from 'tap';
import type { TestServer } from '@rootline/kernel/testing';
import { gedcom, human, imported } from './helpers.js';
import { exported, exportServer } from './export-fixture.js';
import { importedBack } from './round-trip-summary.js';
import { factNotes } from './item-notes.js';

/**
 * GEDCOM 7's time of day under a fact's DATE (a birth register's hour: maximal70.ged, once
 * "not kept on the claim"), its date for sorting (SDATE) and its unique id (UID): notes on the
 * claim or event (`Time of day: 10:30`, `Date for sorting: 1850`, `Unique id: ...`), written
 * back by 7.0 exports as their lines; 5.5.1 has none of them there, and writes the notes.
 */

const FILE = gedcom(
  '7.0',
  '0 @I1@ INDI', '1 NAME Ann /Lee/', '1 SEX F',
  '1 BIRT', '2 DATE 1 JAN 1850', '3 TIME 10:30', '2 SDATE 1850', '3 TIME 00:00', '2 UID bbcc0025-34cb-4542-8cfb-45ba201c9c2c',
  '0 @I2@ INDI', '1 NAME John /Hay/', '1 SEX M',
  '0 @F1@ FAM', '1 HUSB @I2@', '1 WIFE @I1@', '1 MARR', '2 DATE 7 OCT 1874', '3 TIME 14:00Z',
);

const dated = (s: TestServer, treeId?: string) => factNotes(s, 'date', treeId);

const EXPECTED = [
  'Ann Lee: birth 1 JAN 1850 | Date for sorting: 1850 | Time of day: 10:30 | Unique id: bbcc0025-34cb-4542-8cfb-45ba201c9c2c',
  'family: MARR 7 OCT 1874 | Time of day: 14:00Z',
];

t.test('a date\'s time of day, a date for sorting and a unique id are notes on the claim or event, reported as kept', async (t) => {
  const { s, items } = await imported(t, FILE);
  t.same(await dated(s), EXPECTED);
  t.same(items.filter((item) => /\.(TIME|SDATE|UID)$/.test(item.path)).map((item) => `${item.path} ${item.kept ? 'kept' : 'lost'}: ${item.reason}`).sort(), [
    'FAM.MARR.DATE.TIME kept: kept as a note on the event ("Time of day: ..."); 7.0 exports write it back under the DATE (5.5.1 has no TIME there: the note)',
    'INDI.BIRT.DATE.TIME kept: kept as a note on the claim ("Time of day: ..."); 7.0 exports write it back under the DATE (5.5.1 has no TIME there: the note)',
    'INDI.BIRT.SDATE kept: kept as a note on the claim ("Date for sorting: ..."); 7.0 exports write it back as SDATE; 5.5.1 has no SDATE, so those write the note',
    'INDI.BIRT.SDATE.TIME lost: not kept on the claim',
    'INDI.BIRT.UID kept: kept as a note on the claim ("Unique id: ..."); 7.0 exports write it back as UID; 5.5.1 has no UID, so those write the note',
  ]);
});

t.test('import -> export 7.0 -> import: TIME under the DATE, SDATE and UID again; 5.5.1 writes the notes', async (t) => {
  const s = await exportServer(t);
  await imported(t, FILE, s);
  const seven = await exported(s, { version: '7.0', include_living: true });
  t.match(seven.text, /\n1 BIRT\n2 DATE 1 JAN 1850\n3 TIME 10:30\n2 SDATE 1850\n2 UID bbcc0025-34cb-4542-8cfb-45ba201c9c2c\n/);
  t.match(seven.text, /\n1 MARR\n2 DATE 7 OCT 1874\n3 TIME 14:00Z\n/);
  t.notMatch(seven.text, /NOTE (Time of day|Date for sorting|Unique id): /, 'none written as a note as well');
  const old = await exported(s, { version: '5.5.1', include_living: true });
  t.match(old.text, /\n1 BIRT\n2 DATE 1 JAN 1850\n2 NOTE Date for sorting: 1850\n2 NOTE Time of day: 10:30\n2 NOTE Unique id: bbcc0025-34cb-4542-8cfb-45ba201c9c2c\n|\n2 NOTE Time of day: 10:30\n/, '5.5.1: the notes');
  t.notMatch(old.text, /\n3 TIME |\n2 SDATE |\n2 UID /, '5.5.1: no line it does not have');
  for (const [version, { bytes }] of [['7.0', seven], ['5.5.1', old]] as const) {
    const fresh = await importedBack(t, s, version, bytes, 'time');
    t.same(await dated(s, fresh.id), EXPECTED, `${version}: the same notes`);
  }
});

t.test('a redacted date takes its time of day with it; a fact with no date keeps it as a NOTE', async (t) => {
  const s = await exportServer(t);
  const { cradle, tree } = await imported(t, FILE, s);
  const marriage = tree.prepare("SELECT id FROM events WHERE type = 'MARR'").pluck().get() as string;
  cradle.redactionsService.create(human, { target: marriage, field: 'date', reason: 'family wish' });
  const persona = tree.prepare("SELECT id FROM personas WHERE as_written LIKE 'John%'").pluck().get() as string;
  const death = cradle.assertionsService.capture(human, { persona, kind: 'death', place: 'Ledbury' });
  cradle.notesService.create(human, { target: death.id, text: 'Time of day: 04:00' });
  const { job, text } = await exported(s, { version: '7.0', include_living: true });
  t.notMatch(text, /14:00Z|7 OCT 1874/, 'neither the redacted date nor its time');
  t.match(text, /\n1 DEAT\n2 PLAC Ledbury\n2 NOTE Time of day: 04:00\n/, 'no DATE to hold it: the note as it is');
  const report = (await s.request('GET', '/v1/gedcom/loss-reports', { query: { report_id: job.result.report_id } })).json().items as { path: string; reason: string; count: number }[];
  t.same(report.filter((item) => item.path.endsWith('.DATE')).map(({ path, reason, count }) => [path, reason, count]), [['FAM.MARR.DATE', 'time of day of a redacted date not written', 1]]);
  const old = await exported(s, { version: '5.5.1', include_living: true });
  t.notMatch(old.text, /14:00Z|7 OCT 1874/, '5.5.1, where the time is a note: not written either');
  t.match(old.text, /\n2 NOTE Time of day: 10:30\n/, "5.5.1: a date that is not redacted keeps its time's note");
});
