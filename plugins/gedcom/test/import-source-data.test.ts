import t from 'tap';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateGedcom } from '@rootline/gedcom';
import type { TestServer } from '@rootline/kernel/testing';
import { gedcom, imported } from './helpers.js';
import { exported, exportServer } from './export-fixture.js';
import { importedBack } from './round-trip-summary.js';

/**
 * A source record's DATA says what its records are: the kinds of events, the period and the
 * place each covers, the agency responsible, notes about them (11 in the corpus, reported "not
 * kept on the source"). Each is a note on the source now, one per EVEN, and both exports write
 * such notes back as the record's DATA.
 */
const FILE = (version: '7.0' | '5.5.1') =>
  gedcom(
    version,
    '0 @I1@ INDI', '1 NAME Anna /Novak/', '1 BIRT', '2 SOUR @S1@',
    '0 @S1@ SOUR', '1 TITL Parish register of Tábor',
    '1 DATA',
    '2 EVEN BIRT, CHR', '3 DATE FROM 1820 TO 1870', '3 PLAC Tábor, Bohemia',
    '2 EVEN DEAT', '3 DATE FROM 1830 TO 1870',
    '2 AGNC Parish of St. Giles',
    '2 NOTE Some pages lost to a fire in 1852.',
    '1 NOTE Microfilm 1234567',
  );

const NOTES = [
  'Agency responsible for the records: Parish of St. Giles',
  'Events recorded: BIRT, CHR\nPeriod: FROM 1820 TO 1870\nPlace: Tábor, Bohemia',
  'Events recorded: DEAT\nPeriod: FROM 1830 TO 1870',
  'Microfilm 1234567',
  'Note on the records: Some pages lost to a fire in 1852.',
];

async function sourceNotes(s: TestServer, treeId?: string): Promise<string[]> {
  const prefix = treeId ? `/v1/trees/${treeId}` : '/v1';
  const tree = treeId ? s.server.kernel.trees.get(treeId)! : s.server.kernel.trees.active();
  const source = tree.prepare("SELECT id FROM sources WHERE title = 'Parish register of Tábor'").pluck().get() as string;
  return ((await s.request('GET', `${prefix}/notes`, { query: { target: source } })).json() as { text: string }[]).map((note) => note.text).sort();
}

for (const version of ['7.0', '5.5.1'] as const) {
  t.test(`${version}: a source's DATA is notes on it, each line reported kept`, async (t) => {
    const { s, items } = await imported(t, FILE(version));
    t.same(await sourceNotes(s), NOTES);
    t.same(items.filter((item) => item.path.startsWith('SOUR.DATA')).map((item) => `${item.path} x${item.count}${item.kept ? ' (kept)' : ''}`).sort(), [
      'SOUR.DATA.AGNC x1 (kept)',
      'SOUR.DATA.EVEN x2 (kept)',
      'SOUR.DATA.NOTE x1 (kept)',
    ]);
  });
}

t.test('import -> export (7.0, 5.5.1) -> import: DATA is written back and comes back as the same notes', async (t) => {
  const s = await exportServer(t);
  await imported(t, FILE('5.5.1'), s);
  for (const version of ['7.0', '5.5.1'] as const) {
    const { text, bytes } = await exported(s, { version, include_living: true });
    const source = text.split(/(?<=\n)(?=0 )/).find((record) => / SOUR\n/.test(record))!;
    t.match(source, /\n1 DATA\n2 EVEN BIRT, CHR\n3 DATE FROM 1820 TO 1870\n3 PLAC Tábor, Bohemia\n2 EVEN DEAT\n3 DATE FROM 1830 TO 1870\n2 AGNC Parish of St\. Giles\n2 NOTE Some pages lost to a fire in 1852\.\n/, `${version}: DATA`);
    t.match(source, /\n1 NOTE Microfilm 1234567\n/, `${version}: the other note stays a note`);
    t.notMatch(source, /NOTE (Events recorded|Agency responsible|Note on the records)/, `${version}: none written as a NOTE as well`);
    const fresh = await importedBack(t, s, version, bytes, 'source-data');
    t.same(await sourceNotes(s, fresh.id), NOTES, `${version}: the same notes`);
  }
});

t.test('what DATA cannot hold stays a note; lines under a period or place are reported; a blank EVEN holds nothing', async (t) => {
  const s = await exportServer(t);
  const { items, tree } = await imported(t, gedcom('7.0',
    '0 @S1@ SOUR', '1 TITL Parish register of Tábor',
    '1 DATA', '2 EVEN BIRT', '3 DATE FROM 1701 TO 1800', '4 PHRASE 18th century', '3 PLAC Tábor', '4 FORM City', '2 EVEN', '2 AGNC',
  ), s);
  const found = (path: string) => items.filter((item) => item.path === path).map((item) => item.reason);
  t.same(found('SOUR.DATA.EVEN.DATE.PHRASE'), ['not kept on the source']);
  t.same(found('SOUR.DATA.EVEN.PLAC.FORM'), ['not kept on the source']);
  t.same(found('SOUR.DATA.AGNC'), ['blank: nothing to keep']);
  t.ok(found('SOUR.DATA.EVEN').includes('blank: nothing to keep'));
  const source = tree.prepare("SELECT id FROM sources WHERE title = 'Parish register of Tábor'").pluck().get() as string;
  // Notes written by hand in the same words, which GEDCOM cannot read as DATA lines.
  for (const text of ['Events recorded: births and deaths', 'Events recorded: BIRT\nPeriod: the 1800s', 'Events recorded: BIRT\nWho: the vicar']) {
    t.equal((await s.request('POST', '/v1/notes', { body: { target: source, text } })).statusCode, 201);
  }
  const { text, bytes } = await exported(s, { version: '7.0', include_living: true });
  t.match(text, /\n1 DATA\n2 EVEN BIRT\n3 DATE FROM 1701 TO 1800\n3 PLAC Tábor\n1 /, 'the one DATA line it can write');
  t.match(text, /\n1 NOTE Events recorded: births and deaths\n/, 'no event tags: a note');
  t.match(text, /\n1 NOTE Events recorded: BIRT\n2 CONT Period: the 1800s\n/, 'no GEDCOM period: a note');
  t.match(text, /\n1 NOTE Events recorded: BIRT\n2 CONT Who: the vicar\n/, 'a line of another kind: a note');
  t.same((await validateGedcom(bytes)).errors, []);
});

/**
 * IBM Easytree writes a source's title as NAME, with no TITL (11 in the corpus): every source of
 * such a file was named after its xref ("Source @S1@") and its title reported lost. NAME is the
 * title now when there is no TITL or ABBR; beside a title it is a note.
 */
t.test("a source's NAME is its title when it has no TITL or ABBR, else a note; exports write the title as TITL", async (t) => {
  const s = await exportServer(t);
  const { items, tree } = await imported(t, gedcom('5.5.1',
    '0 @S1@ SOUR', '1 NAME Rose, by Gail Cameron.',
    '0 @S2@ SOUR', '1 TITL Parish register', '1 NAME Register of St. Giles',
    '0 @S3@ SOUR', '1 ABBR Census 1881', '1 NAME Census of England, 1881',
  ), s);
  const titles = (tree.prepare('SELECT title FROM sources ORDER BY title').pluck().all() as string[]);
  t.same(titles, ['Census 1881', 'Parish register', 'Rose, by Gail Cameron.']);
  t.same(items.filter((item) => item.path === 'SOUR.NAME').map((item) => `${item.reason} x${item.count}${item.kept ? ' (kept)' : ''}`).sort(), [
    "kept as a note on the source (\"Name: ...\"): it has a title x2 (kept)",
    "kept as the source's title (IBM Easytree writes the title as NAME); exports write TITL x1 (kept)",
  ]);
  const register = tree.prepare("SELECT id FROM sources WHERE title = 'Parish register'").pluck().get() as string;
  t.same(((await s.request('GET', '/v1/notes', { query: { target: register } })).json() as { text: string }[]).map((note) => note.text), ['Name: Register of St. Giles']);
  const { text } = await exported(s, { version: '7.0', include_living: true });
  t.match(text, /\n1 TITL Rose, by Gail Cameron\.\n/);
});

const easytree = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/corpus/gedcom-go/encoding/ibm-windows-easytree.ged');

t.test('ibm-windows-easytree.ged: every source keeps its title', { skip: existsSync(easytree) ? false : `${easytree} not found` }, async (t) => {
  const { tree, items } = await imported(t, readFileSync(easytree));
  const titles = tree.prepare('SELECT title FROM sources').pluck().all() as string[];
  t.ok(titles.length >= 10, `${titles.length} sources`);
  t.notOk(titles.some((title) => /^Source @/.test(title)), 'none named after its xref');
  t.ok(titles.includes('Rose, by Gail Cameron.'));
  t.notOk(items.some((item) => item.path === 'SOUR.NAME' && !item.kept), 'no NAME lost');
});
