import t from 'tap';
import type { Tree } from '@rootline/kernel';
import { gedcom, imported } from './helpers.js';

/**
 * Notes written on an individual's links and names that used to vanish without a word: a
 * note on a FAMS link (kept on the couple's spouse edge), on a FAMC link (on the child's
 * parent edge), on a first NAME with no source and no type (on that name's claim).
 */

const FILE = gedcom(
  '5.5.1',
  '0 @N1@ NOTE Shared note on Mary\'s FAMS link',
  '0 @I1@ INDI', '1 NAME Mary Ann /Smith/', '1 SEX F', '1 FAMS @F1@', '2 NOTE @N1@', '1 FAMC @F2@', '2 NOTE Note on her FAMC link',
  '0 @I2@ INDI', '1 NAME John /Jones/', '2 NOTE A note on John\'s name only', '1 SEX M', '1 FAMS @F1@', '2 NOTE Note on John\'s FAMS link',
  '0 @I4@ INDI', '1 NAME /Smith/', '1 SEX M', '1 FAMS @F2@', '2 NOTE Note on a lone father\'s FAMS link',
  '0 @F1@ FAM', '1 HUSB @I2@', '1 WIFE @I1@',
  '0 @F2@ FAM', '1 HUSB @I4@', '1 CHIL @I1@',
);

const personId = (tree: Tree, name: string) => tree.prepare('SELECT id FROM persons WHERE display_name = ?').pluck().get(name) as string;
const notesOn = (tree: Tree, target: string) => tree.prepare('SELECT text FROM notes WHERE target = ? ORDER BY id').pluck().all(target) as string[];

t.test('notes on FAMS and FAMC links are notes on the edges they became; a lone partner\'s on the person', async (t) => {
  const { tree, lost } = await imported(t, FILE);
  const [mary, john, father] = ['Mary Ann Smith', 'John Jones', 'Smith'].map((name) => personId(tree, name));
  const spouse = tree.prepare("SELECT id FROM relationships WHERE kind = 'spouse'").pluck().get() as string;
  t.same(notesOn(tree, spouse), ['Note on John\'s FAMS link', 'Shared note on Mary\'s FAMS link'], 'both partners\' link notes on their spouse edge (HUSB first)');
  const parent = tree.prepare("SELECT id FROM relationships WHERE kind = 'parent' AND person_a = ? AND person_b = ?").pluck().get(father, mary) as string;
  t.same(notesOn(tree, parent), ['Note on her FAMC link'], 'the child\'s link note on its parent edge');
  t.same(notesOn(tree, father), ['Note on a lone father\'s FAMS link'], 'a family of one partner has no spouse edge: the note is on the person');
  t.same(notesOn(tree, john), [], 'nothing doubled on the person');
  t.same(lost, [], 'nothing reported: every note kept');
});

t.test('a note on a first NAME with no source and no type is the note of a claim of that name', async (t) => {
  const { tree } = await imported(t, FILE);
  const claims = tree.prepare("SELECT a.id, a.value FROM assertions a WHERE a.kind = 'name'").all() as { id: string; value: string }[];
  t.same(claims.map((claim) => claim.value), ['John Jones']);
  t.same(notesOn(tree, claims[0].id), ['A note on John\'s name only']);
});

t.test('a note on a link that names no family is reported', async (t) => {
  const { lost } = await imported(t, gedcom('5.5.1', '0 @I1@ INDI', '1 NAME Ann /Lee/', '1 FAMS', '2 NOTE Married twice, the record says'));
  t.same(lost, ['INDI.FAMS.NOTE note on a link that names no family: not kept']);
});
