import t from 'tap';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateGedcom } from '@rootline/gedcom';
import type { TestServer } from '@rootline/kernel/testing';
import { gedcom, imported } from './helpers.js';
import { exported, exportServer } from './export-fixture.js';
import { importInto, newTree } from './round-trip-summary.js';

/**
 * The numbers a file gives a person to find it again (REFN: 1,547 in the corpus; RIN, `_UID`,
 * FamilySearch's id) were reported "not mapped". Each is a note on the person in the
 * genealogist's words (`Reference number: KENNJP88`), and the exports write it back as its line:
 * REFN with its TYPE; 5.5.1 RIN, `_UID`, `_FSFTID`; 7.0 REFN typed RIN, UID, EXID.
 */

const UID = '045D7A870C633045BE9710119FC387903581';
const FS = 'https://www.familysearch.org/tree/person/';

const FILE = (version: '7.0' | '5.5.1') =>
  gedcom(
    version,
    '0 @I1@ INDI', '1 NAME Joseph /Kennedy/',
    '1 REFN KENNJP88', '1 REFN 12', '2 TYPE filing box',
    ...(version === '5.5.1' ? ['1 RIN 1043', `1 _UID ${UID}`, '1 FSID LZDX-9QK'] : ['1 REFN 1043', '2 TYPE RIN', `1 UID ${UID}`, '1 EXID LZDX-9QK', `2 TYPE ${FS}`, '1 EXID 456', '2 TYPE http://example.com/people/']),
    '1 NOTE Born in 1888',
    '0 @I2@ INDI', '1 NAME Rose /Fitzgerald/',
    '0 @F1@ FAM', '1 HUSB @I1@', '1 WIFE @I2@', `1 ${version === '5.5.1' ? '_UID' : 'UID'} 16034A56F5B6184FB2938688B367F980B1D0`,
  );

const JOSEPH = ['Born in 1888', 'FamilySearch id: LZDX-9QK', 'Record id (RIN): 1043', 'Reference number (filing box): 12', 'Reference number: KENNJP88', `Unique id: ${UID}`];

/** The notes of the person shown as `name`, and of the family's spouse edge, as the user reads them (through the routes). */
async function notesOf(s: TestServer, name: string, treeId?: string): Promise<{ person: string[]; family: string[] }> {
  const prefix = treeId ? `/v1/trees/${treeId}` : '/v1';
  const tree = treeId ? s.server.kernel.trees.get(treeId)! : s.server.kernel.trees.active();
  const person = tree.prepare('SELECT id FROM persons WHERE display_name = ?').pluck().get(name) as string;
  const edge = tree.prepare("SELECT id FROM relationships WHERE kind = 'spouse'").pluck().get() as string;
  const read = async (target: string) => ((await s.request('GET', `${prefix}/notes`, { query: { target } })).json() as { text: string }[]).map((note) => note.text).sort();
  return { person: await read(person), family: await read(edge) };
}

for (const version of ['7.0', '5.5.1'] as const) {
  t.test(`${version}: REFN, RIN, the unique id and the FamilySearch id are notes on the person (and the family's)`, async (t) => {
    const { s, lost, items } = await imported(t, FILE(version));
    t.equal(items.find((item) => item.path === 'INDI.REFN')?.kept, true, 'REFN is marked kept, not lost');
    const notes = await notesOf(s, 'Joseph Kennedy');
    t.same(notes.person, version === '7.0' ? [...JOSEPH, 'External id (http://example.com/people/): 456'].sort() : JOSEPH);
    t.same(notes.family, ['Unique id: 16034A56F5B6184FB2938688B367F980B1D0']);
    t.notOk(lost.some((item) => / not mapped$|extension tag not mapped/.test(item)), lost.join('\n'));
    t.ok(lost.includes('INDI.REFN kept as a note on the person ("Reference number: ..."); exports write it back'), 'the report says where REFN went');
  });
}

t.test('import -> export (7.0, 5.5.1) -> import: each identifier is written back as its line and comes back', async (t) => {
  const s = await exportServer(t);
  await imported(t, FILE('5.5.1'), s);
  const lines = {
    '7.0': ['1 REFN KENNJP88', '1 REFN 12\n2 TYPE filing box', '1 REFN 1043\n2 TYPE RIN', `1 UID ${UID}`, `1 EXID LZDX-9QK\n2 TYPE ${FS}`],
    '5.5.1': ['1 REFN KENNJP88', '1 REFN 12\n2 TYPE filing box', '1 RIN 1043', `1 _UID ${UID}`, '1 _FSFTID LZDX-9QK'],
  };
  for (const version of ['7.0', '5.5.1'] as const) {
    const { text, bytes } = await exported(s, { version, include_living: true });
    const records = text.split(/(?<=\n)(?=0 )/);
    const joseph = records.find((record) => record.includes('Joseph /Kennedy/'))!;
    for (const line of lines[version]) t.ok(joseph.includes(`\n${line}\n`), `${version}: ${line.replace('\n', ' / ')}`);
    t.match(joseph, /\n1 NOTE Born in 1888\n/, `${version}: the other note stays a note`);
    t.notMatch(joseph, /NOTE (Reference number|Record id|Unique id|FamilySearch id)/, `${version}: no identifier written as a note`);
    const family = records.find((record) => / FAM\n/.test(record))!;
    t.match(family, version === '7.0' ? /\n1 UID 16034A56F5B6184FB2938688B367F980B1D0\n/ : /\n1 _UID 16034A56F5B6184FB2938688B367F980B1D0\n/, `${version}: the family's unique id`);
    t.same((await validateGedcom(bytes)).errors, [], `${version}: no errors`);
    const fresh = await newTree(s, `Back from ${version}`);
    const run = await importInto(s, fresh.id, bytes, `identifiers-${version}.ged`);
    t.equal(run.state, 'succeeded', JSON.stringify(run.error));
    t.same(await notesOf(s, 'Joseph Kennedy', fresh.id), { person: JOSEPH, family: ['Unique id: 16034A56F5B6184FB2938688B367F980B1D0'] }, `${version}: the same notes`);
  }
});

t.test('7.0 -> 5.5.1: an external id other than FamilySearch\'s has no 5.5.1 line: it stays a note, reported', async (t) => {
  const s = await exportServer(t);
  await imported(t, FILE('7.0'), s);
  const { text, job } = await exported(s, { version: '5.5.1', include_living: true });
  t.match(text, /\n1 NOTE External id \(http:\/\/example.com\/people\/\): 456\n/);
  const lost = (await s.request('GET', '/v1/gedcom/loss-reports', { query: { report_id: job.result.report_id } })).json().items;
  t.match(lost.filter((item: { path: string }) => item.path === 'INDI.EXID'), [{ reason: 'an external id (7.0 EXID) has no 5.5.1 line: written as a note' }]);
});

const kennedy = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/corpus/real/kennedy.ged');

t.test('kennedy.ged: Joseph Patrick Kennedy keeps his reference number KENNJP88 through both exports', { skip: existsSync(kennedy) ? false : `${kennedy} not found` }, async (t) => {
  const s = await exportServer(t);
  const { lost } = await imported(t, readFileSync(kennedy), s);
  t.notOk(lost.some((item) => item.startsWith('INDI.REFN not mapped')), 'REFN is not lost');
  t.ok((await notesOf(s, 'Joseph Patrick KENNEDY')).person.includes('Reference number: KENNJP88'));
  for (const version of ['7.0', '5.5.1'] as const) {
    const { text, bytes } = await exported(s, { version, include_living: true });
    t.match(text, /\n1 REFN KENNJP88\n/, `${version}: REFN written`);
    const fresh = await newTree(s, `Kennedy from ${version}`);
    const run = await importInto(s, fresh.id, bytes, `kennedy-${version}.ged`);
    t.equal(run.state, 'succeeded', JSON.stringify(run.error));
    t.ok((await notesOf(s, 'Joseph Patrick KENNEDY', fresh.id)).person.includes('Reference number: KENNJP88'), `${version}: it comes back`);
  }
});
