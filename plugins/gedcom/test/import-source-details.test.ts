import t from 'tap';
import { gedcom, imported } from './helpers.js';

/**
 * Small details of sources that were neither kept nor reported: a source's ABBR beside its
 * TITL, a note on the repository it is kept in, the medium of a call number, and the page
 * an ASSO cites (an association holds a source, not a citation: reported).
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
