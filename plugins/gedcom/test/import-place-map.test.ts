import t from 'tap';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestServer } from '@rootline/kernel/testing';
import { gedcom, human, imported } from './helpers.js';
import { exported, exportServer } from './export-fixture.js';
import { importedBack } from './round-trip-summary.js';
import { factNotes } from './item-notes.js';

/**
 * A place's coordinates (`PLAC.MAP`, LATI and LONG) under a fact or a family event (kennedy.ged:
 * 121 births, 64 deaths, 36 marriages, ...; once reported "not kept on the claim"). A place is
 * text in Rootline, so the coordinates are kept as a note on the claim or event, the report
 * says so, and both exports write them back as PLAC.MAP, so a file read back has them again.
 */

const FILE = (version: '7.0' | '5.5.1') =>
  gedcom(
    version,
    '0 @I1@ INDI', '1 NAME Joseph /Kennedy/', '1 SEX M',
    '1 BIRT', '2 DATE 6 SEP 1888', '2 PLAC East Boston, Suffolk County, MA, USA', '3 MAP', '4 LATI N42.3751', '4 LONG W71.03922',
    '1 DEAT', '2 PLAC Hyannis Port', '3 MAP', '4 LATI N41.65289', '4 LONG W70.2828', '2 NOTE Died at home',
    '0 @I2@ INDI', '1 NAME Rose /Fitzgerald/', '1 SEX F',
    '0 @F1@ FAM', '1 HUSB @I1@', '1 WIFE @I2@', '1 MARR', '2 DATE 7 OCT 1914', '2 PLAC Boston', '3 MAP', '4 LATI N42.35843', '4 LONG W71.05977',
  );

const places = (s: TestServer, treeId?: string) => factNotes(s, 'place', treeId);

const EXPECTED = [
  'Joseph Kennedy: birth at East Boston, Suffolk County, MA, USA | Coordinates of the place: latitude N42.3751, longitude W71.03922',
  'Joseph Kennedy: death at Hyannis Port | Coordinates of the place: latitude N41.65289, longitude W70.2828 | Died at home',
  'family: MARR at Boston | Coordinates of the place: latitude N42.35843, longitude W71.05977',
];

for (const version of ['7.0', '5.5.1'] as const) {
  t.test(`${version}: the coordinates of a place are a note on the claim or event, and the report says where they went`, async (t) => {
    const { s, items } = await imported(t, FILE(version));
    t.same(await places(s), EXPECTED);
    const maps = items.filter((item) => item.path.endsWith('.MAP'));
    t.same(maps.map((item) => `${item.path} ${item.count}`).sort(), ['FAM.MARR.PLAC.MAP 1', 'INDI.BIRT.PLAC.MAP 1', 'INDI.DEAT.PLAC.MAP 1']);
    for (const item of maps) t.match(item.reason, /^coordinates kept as a note on the (claim|event) \(a place holds none\); exports write them back as MAP$/, `${item.path}: not "not kept"`);
  });
}

t.test('the loss report tells what was kept in another form (`kept: true`) from what was lost (no `kept`)', async (t) => {
  const { items } = await imported(t, FILE('5.5.1').replace('0 @I2@ INDI\n', '0 @I2@ INDI\n1 _CREATOR @I1@\n'));
  const map = items.find((item) => item.path === 'INDI.BIRT.PLAC.MAP');
  t.equal(map?.kept, true, 'coordinates kept as a note: not lost');
  const vendor = items.find((item) => item.path === 'INDI._CREATOR');
  t.match(vendor, { count: 1, reason: 'extension tag not mapped' }, 'the vendor tag is listed');
  t.notOk(vendor && 'kept' in vendor, 'and is lost: no kept flag');
});

t.test('import -> export (7.0, 5.5.1) -> import: PLAC.MAP written back, the same coordinates read again', async (t) => {
  const s = await exportServer(t);
  await imported(t, FILE('7.0'), s);
  for (const version of ['7.0', '5.5.1'] as const) {
    const { text, bytes } = await exported(s, { version, include_living: true });
    t.match(text, /\n2 PLAC East Boston, Suffolk County, MA, USA\n3 MAP\n4 LATI N42\.3751\n4 LONG W71\.03922\n/, `${version}: the birth's place with its MAP`);
    t.match(text, /\n1 MARR\n2 DATE 7 OCT 1914\n2 PLAC Boston\n3 MAP\n4 LATI N42\.35843\n4 LONG W71\.05977\n/, `${version}: the marriage's`);
    t.notMatch(text, /Coordinates of the place/, `${version}: not written as a note as well`);
    t.match(text, /\n2 NOTE Died at home\n/, `${version}: the fact's other notes are still written`);
    const fresh = await importedBack(t, s, version, bytes, 'map');
    t.same(await places(s, fresh.id), EXPECTED, `${version}: the same places and coordinates`);
  }
});

t.test('a redacted place takes its coordinates with it; a fact without a place keeps them as a NOTE', async (t) => {
  const s = await exportServer(t);
  const { cradle, tree } = await imported(t, FILE('7.0'), s);
  const marriage = tree.prepare("SELECT id FROM events WHERE type = 'MARR'").pluck().get() as string;
  cradle.redactionsService.create(human, { target: marriage, field: 'place', reason: 'family wish' });
  const persona = tree.prepare("SELECT id FROM personas WHERE as_written LIKE 'Rose%'").pluck().get() as string;
  const burial = cradle.assertionsService.capture(human, { persona, kind: 'burial', date: '1995' });
  cradle.notesService.create(human, { target: burial.id, text: 'Coordinates of the place: latitude N41.7, longitude W70.3' });
  const { job, text } = await exported(s, { version: '7.0', include_living: true });
  t.match(text, /\n1 MARR\n2 DATE 7 OCT 1914\n/, 'the marriage is written');
  t.notMatch(text, /N42\.35843|PLAC Boston\n/, 'neither its redacted place nor the coordinates');
  t.match(text, /\n1 BURI\n2 DATE 1995\n2 NOTE Coordinates of the place: latitude N41\.7, longitude W70\.3\n/, 'no PLAC to hold a MAP: the note as it is');
  const report = (await s.request('GET', '/v1/gedcom/loss-reports', { query: { report_id: job.result.report_id } })).json();
  t.ok(report.items.some((item: { path: string; reason: string }) => item.path === 'FAM.MARR.PLAC.MAP' && item.reason === 'coordinates of a redacted place not written'));
});

const kennedy = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/corpus/real/kennedy.ged');

t.test('kennedy.ged: every PLAC.MAP is kept and comes back from both exports', { skip: existsSync(kennedy) ? false : `${kennedy} not found` }, async (t) => {
  const s = await exportServer(t);
  const { lost, items } = await imported(t, readFileSync(kennedy), s);
  t.notOk(lost.some((item) => /\.MAP not kept/.test(item)), 'no MAP reported "not kept"');
  t.equal(items.filter((item) => item.path.endsWith('.PLAC.MAP')).reduce((sum, item) => sum + item.count, 0), 297, 'all 297 MAPs of the file kept as notes');
  const before = await places(s);
  t.ok(before.includes('Joseph Patrick KENNEDY: birth at East Boston, , Suffolk County, MA, USA | Coordinates of the place: latitude N42.3751, longitude W71.03922'), 'Joseph Patrick Kennedy\'s birth (1888)');
  for (const version of ['7.0', '5.5.1'] as const) {
    const { bytes } = await exported(s, { version, include_living: true });
    const fresh = await importedBack(t, s, version, bytes, 'kennedy');
    t.same(await places(s, fresh.id), before, `${version}: every place with its coordinates`);
  }
});
