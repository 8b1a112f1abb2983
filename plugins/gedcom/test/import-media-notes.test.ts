import t from 'tap';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestServer } from '@rootline/kernel/testing';
import { gedcom, imported } from './helpers.js';
import { exported, exportServer } from './export-fixture.js';
import { importedBack } from './round-trip-summary.js';

/**
 * What a file says about a media object beyond its file, format and title: the NOTE of an
 * OBJE (bourbon.ged's stained-glass window, under an INDI's inline OBJE) and Family Tree
 * Maker's `_DATE` and `_TEXT` under FILE (pres2020.ged: 171 and 150), once reported "not kept
 * on the media object". They are notes on the media object, written back as the NOTEs of its
 * OBJE record.
 */

const FILE = (version: '7.0' | '5.5.1') =>
  gedcom(
    version,
    '0 @I1@ INDI', '1 NAME Alain /Cahiart/', '1 OBJE @M1@',
    ...(version === '5.5.1' ? ['1 OBJE', '2 TITL Vœu d\'Alain Cahiart', '2 FILE photos/vitrail.jpg', '3 FORM jpg', '2 NOTE Vitrail de la cathédrale Saint-Corentin de Quimper', '1 OBJE', '2 TITL Blank', '2 FILE photos/blank.jpg', '3 FORM jpg', '2 NOTE'] : []),
    '0 @M1@ OBJE', '1 FILE census.jpg', `2 FORM ${version === '7.0' ? 'image/jpeg' : 'jpg'}`, '2 TITL 1880 United States Federal Census',
    ...(version === '5.5.1' ? ['2 _DATE 5/20/2017 2:15:55 PM', '2 _TEXT Year: 1880; Census Place: District 14, Greene, Tennessee; Roll: 1258', '3 CONC ; Page: 197A'] : []),
    '1 NOTE The household of David Patterson',
  );

/** Each media object's notes, as the user reads them (through the routes), by title. */
async function mediaNotes(s: TestServer, treeId?: string): Promise<Record<string, string[]>> {
  const prefix = treeId ? `/v1/trees/${treeId}` : '/v1';
  const tree = treeId ? s.server.kernel.trees.get(treeId)! : s.server.kernel.trees.active();
  const read: Record<string, string[]> = {};
  for (const { id, title } of tree.prepare('SELECT id, title FROM media ORDER BY title').all() as { id: string; title: string }[]) {
    read[title] = ((await s.request('GET', `${prefix}/notes`, { query: { target: id } })).json() as { text: string }[]).map((note) => note.text).sort();
  }
  return read;
}

const EXPECTED = {
  '1880 United States Federal Census': ['Date: 5/20/2017 2:15:55 PM', 'Description: Year: 1880; Census Place: District 14, Greene, Tennessee; Roll: 1258; Page: 197A', 'The household of David Patterson'],
  Blank: [],
  'Vœu d\'Alain Cahiart': ['Vitrail de la cathédrale Saint-Corentin de Quimper'],
};

for (const version of ['7.0', '5.5.1'] as const) {
  t.test(`${version}: an OBJE's NOTEs and a FILE's _DATE and _TEXT are notes on the media object`, async (t) => {
    const s = await exportServer(t);
    const { items } = await imported(t, FILE(version), s);
    t.same(await mediaNotes(s), version === '5.5.1' ? EXPECTED : { '1880 United States Federal Census': ['The household of David Patterson'] });
    t.same(items.filter((item) => !item.kept && /^(INDI\.)?OBJE/.test(item.path)).map((item) => `${item.path} ${item.reason}`), [], 'nothing of a media object lost');
  });
}

t.test('import -> export (7.0, 5.5.1) -> import: the notes are the OBJE records\' NOTEs and come back', async (t) => {
  const s = await exportServer(t);
  await imported(t, FILE('5.5.1'), s);
  for (const version of ['7.0', '5.5.1'] as const) {
    const { text, bytes } = await exported(s, { version, include_living: true });
    t.match(text, /\n0 @M\d+@ OBJE\n1 FILE census.jpg\n(2 [^\n]*\n)*1 NOTE (Date|Description|The household)/, `${version}: NOTE under the OBJE record`);
    t.match(text, /\n1 NOTE Vitrail de la cathédrale Saint-Corentin de Quimper\n/, `${version}: the window's note`);
    const fresh = await importedBack(t, s, version, bytes, 'media-notes');
    t.same(await mediaNotes(s, fresh.id), EXPECTED, `${version}: the same notes`);
  }
});

const pres2020 = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/corpus/real/pres2020.ged');

t.test('pres2020.ged: no _DATE or _TEXT of a media file is lost', { skip: existsSync(pres2020) ? false : `${pres2020} not found` }, async (t) => {
  const s = await exportServer(t);
  const { items } = await imported(t, readFileSync(pres2020), s);
  t.same(items.filter((item) => /^OBJE\.FILE\._(DATE|TEXT)$/.test(item.path)).map((item) => `${item.path} ${item.count} ${item.reason}${item.kept ? ' (kept)' : ''}`).sort(), [
    'OBJE.FILE._DATE 171 kept as a note on the media object ("Date: ..."); exports write it as a NOTE of the OBJE (kept)',
    'OBJE.FILE._TEXT 150 kept as a note on the media object ("Description: ..."); exports write it as a NOTE of the OBJE (kept)',
  ], 'neither is lost: the report says where each went, marked kept');
  const notes = await mediaNotes(s);
  t.ok(Object.values(notes).flat().filter((note) => note.startsWith('Description: ')).length >= 150, 'the descriptions are notes on the media objects');
});
