import t from 'tap';
import type { TestServer } from '@rootline/kernel/testing';
import { gedcom, imported } from './helpers.js';
import { exported, exportServer } from './export-fixture.js';
import { importedBack } from './round-trip-summary.js';

/**
 * What a source citation says besides its page: its NOTEs, the date the entry was made in the
 * source (DATA.DATE) and Family Tree Maker's footnotes (`_FOOT`, `_ABBR`). Each is a note on
 * the citation, part of what the citation is (the same page with another note is another
 * citation), and both exports write them back under the SOUR: the date as DATA.DATE where it
 * is a GEDCOM date, the rest as NOTEs.
 */

const FILE = gedcom(
  '5.5.1',
  '0 @S1@ SOUR', '1 TITL Parish register of Ledbury',
  '0 @N1@ NOTE The register was rebound in 1902',
  '0 @I1@ INDI', '1 NAME Ann /Lee/',
  '1 BIRT', '2 DATE 1 JAN 1850',
  '2 SOUR @S1@', '3 PAGE folio 12', '3 DATA', '4 DATE 3 FEB 1850', '4 TEXT Ann daughter of John', '3 NOTE Ink faded', '3 NOTE @N1@',
  '3 _FOOT Ledbury parish register, folio 12.', '3 _ABBR Ledbury PR, f. 12.',
  '1 DEAT', '2 DATE 1920', '2 SOUR @S1@', '3 PAGE folio 12',
  '1 RESI', '2 PLAC Ledbury', '2 SOUR @S1@', '3 NOTE Seen at the record office', '3 DATA', '4 DATE sometime in spring',
  '1 SOUR @S1@', '2 PAGE folio 40', '2 NOTE Named as a witness',
);

/** Each citation as the genealogist reads it: `<source>: <elements> | <its notes, sorted>`, sorted. */
async function citations(s: TestServer, prefix = '/v1'): Promise<string[]> {
  const sources = (await s.request('GET', `${prefix}/sources`)).json().items as { id: string }[];
  const lines: string[] = [];
  for (const { id } of sources) {
    const source = (await s.request('GET', `${prefix}/sources/${id}`)).json() as { title: string; citations: { id: string; elements: Record<string, string> }[] };
    for (const citation of source.citations) {
      const notes = ((await s.request('GET', `${prefix}/notes`, { query: { target: citation.id } })).json() as { text: string }[]).map((note) => note.text).sort();
      lines.push(`${source.title}: ${JSON.stringify(citation.elements)} | ${notes.join(' | ')}`);
    }
  }
  return lines.sort();
}

const EXPECTED = [
  'Parish register of Ledbury: {"page":"folio 12","text":"Ann daughter of John"} | Date of the entry: 3 FEB 1850 | Footnote: Ledbury parish register, folio 12. | Ink faded | Short footnote: Ledbury PR, f. 12. | The register was rebound in 1902',
  'Parish register of Ledbury: {"page":"folio 12"} | ',
  'Parish register of Ledbury: {"page":"folio 40"} | ',
  'Parish register of Ledbury: {} | Date of the entry: sometime in spring | Seen at the record office',
];

t.test("a citation's notes, entry date and footnotes are notes on it, and the same page with other notes is another citation", async (t) => {
  const s = await exportServer(t);
  const { items } = await imported(t, FILE, s);
  t.same(await citations(s), EXPECTED);
  t.same(items.filter((item) => !item.kept && item.path.includes('.SOUR')), [], 'nothing under a SOUR reported lost');
  const kept = items.filter((item) => item.kept).map((item) => `${item.path} ${item.reason}`).sort();
  t.same(kept, [
    'INDI.BIRT.SOUR.DATA.DATE kept as a note on the citation ("Date of the entry: ..."); exports write it back as DATA.DATE',
    'INDI.BIRT.SOUR._ABBR kept as a note on the citation ("Short footnote: ..."); exports write the note',
    'INDI.BIRT.SOUR._FOOT kept as a note on the citation ("Footnote: ..."); exports write the note',
    'INDI.RESI.SOUR.DATA.DATE kept as a note on the citation ("Date of the entry: ..."); exports write it back as DATA.DATE',
  ]);
  const tree = s.server.kernel.trees.active();
  t.same(tree.prepare("SELECT n.text FROM notes n JOIN assertions a ON a.id = n.target WHERE a.kind = 'mention'").pluck().all(), ['Named as a witness'], "a mention's NOTE stays the claim's note");
});

t.test('both exports write them back under the SOUR, and a second import gives the same citations', async (t) => {
  const s = await exportServer(t);
  await imported(t, FILE, s);
  for (const version of ['7.0', '5.5.1'] as const) {
    const { text, bytes } = await exported(s, { version, include_living: true });
    const lines = text.split('\n');
    const at = lines.indexOf('3 PAGE folio 12');
    t.same(lines.slice(at, at + 8), [
      '3 PAGE folio 12', '3 DATA', '4 DATE 3 FEB 1850', '4 TEXT Ann daughter of John',
      '3 NOTE Ink faded', '3 NOTE The register was rebound in 1902', '3 NOTE Footnote: Ledbury parish register, folio 12.', '3 NOTE Short footnote: Ledbury PR, f. 12.',
    ], `${version}: the date under DATA, the rest as NOTEs`);
    t.notOk(lines[at + 8]?.startsWith('3 NOTE'), `${version}: no further note under that SOUR`);
    const residence = lines.indexOf('1 RESI');
    t.same(lines.slice(residence + 2, residence + 5).map((line) => line.replace(/@S\d+@/, '@S@')), ['2 SOUR @S@', '3 NOTE Seen at the record office', '3 NOTE Date of the entry: sometime in spring'], `${version}: a citation of notes alone: no PAGE, no DATA; a date GEDCOM cannot read stays a note`);
    t.notOk(text.includes('_FOOT') || text.includes('_ABBR'), `${version}: no FTM tag written`);
    const fresh = await importedBack(t, s, version, bytes, 'citation-notes');
    t.same(await citations(s, `/v1/trees/${fresh.id}`), EXPECTED, `${version}: the same citations and notes`);
  }
});
