import t from 'tap';
import { gedcom, imported } from './helpers.js';
import { exported, exportServer } from './export-fixture.js';
import { importedBack } from './round-trip-summary.js';

/**
 * Small details of sources that were neither kept nor reported: a source's ABBR beside its
 * TITL, a note on the repository it is kept in, the medium of a call number, and the page
 * an ASSO cites (an association holds a source, not a citation: reported), and the TEXT of an
 * inline 5.5.1 citation (`SOUR <description>` + `TEXT`, no record).
 */

const FILE = gedcom(
  '5.5.1',
  '0 @R1@ REPO', '1 NAME County Record Office',
  '0 @S1@ SOUR', '1 TITL Parish register of Ledbury', '1 ABBR Ledbury PR',
  '1 REPO @R1@', '2 NOTE Ask for the bishop\'s transcripts too', '2 CALN D/123', '3 MEDI film',
  '0 @I1@ INDI', '1 NAME Ann /Lee/', '1 ASSO @I2@', '2 RELA godmother', '2 SOUR @S1@', '3 PAGE 42',
  '0 @I2@ INDI', '1 NAME Mary /Cole/',
);

t.test('a source keeps its short title, its repository\'s note and the medium of its call number as notes', async (t) => {
  const { tree } = await imported(t, FILE);
  const source = tree.prepare('SELECT id, title FROM sources').get() as { id: string; title: string };
  t.equal(source.title, 'Parish register of Ledbury', 'TITL is the title');
  t.same(tree.prepare('SELECT text FROM notes WHERE target = ? ORDER BY id').pluck().all(source.id), [
    'Short title: Ledbury PR',
    'Repository: County Record Office, call number D/123 (medium: film)\nNote on the repository: Ask for the bishop\'s transcripts too',
  ]);
});

t.test('the page an association cites is kept as a citation of its source, and the report says it is not linked to the association', async (t) => {
  const { tree, lost } = await imported(t, FILE);
  const source = tree.prepare('SELECT id FROM sources').pluck().get() as string;
  t.same(tree.prepare('SELECT role, source FROM associations').all(), [{ role: 'godmother', source }]);
  t.same(tree.prepare('SELECT elements FROM citations WHERE source = ?').pluck().all(source), ['{"page":"42"}']);
  t.same(lost, ['INDI.ASSO.SOUR an association holds a source, not where in it: the page (text, quality) is kept as a citation of the source, not linked to the association']);
});

t.test('an inline 5.5.1 citation keeps its TEXT as the text from the source, and a round trip gives it back', async (t) => {
  const s = await exportServer(t);
  const { lost } = await imported(t, gedcom(
    '5.5.1',
    '0 @I1@ INDI', '1 NAME Dana /Doe/',
    '1 BIRT', '2 DATE 1 JAN 1970', '2 SOUR Family bible of the Does', '3 TEXT Dana, born New Year\'s Day', '3 TEXT at midnight', '3 QUAY 2',
    '1 SOUR A letter from her aunt', '2 TEXT Dana is doing well',
  ), s);
  t.same(lost, [], 'no TEXT reported');
  const read = async (prefix: string) => {
    const sources = (await s.request('GET', `${prefix}/sources`)).json().items as { id: string; title: string }[];
    const details = await Promise.all(sources.map(async ({ id }) => (await s.request('GET', `${prefix}/sources/${id}`)).json()));
    return details.flatMap((source: { title: string; citations: { elements: Record<string, string> }[] }) => source.citations.map((citation) => `${source.title}: ${JSON.stringify(Object.fromEntries(Object.entries(citation.elements).sort()))}`)).sort();
  };
  const expected = [
    'A letter from her aunt: {"text":"Dana is doing well"}',
    'Family bible of the Does: {"quality":"2","text":"Dana, born New Year\'s Day\\nat midnight"}',
  ];
  t.same(await read('/v1'), expected);
  for (const version of ['7.0', '5.5.1'] as const) {
    const { bytes } = await exported(s, { version, include_living: true });
    const fresh = await importedBack(t, s, version, bytes, 'inline');
    t.same(await read(`/v1/trees/${fresh.id}`), expected, `${version}: the same citations`);
  }
});
