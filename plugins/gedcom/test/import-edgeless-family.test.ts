import t from 'tap';
import { gedcom, imported } from './helpers.js';
import { exported, exportServer } from './export-fixture.js';

/**
 * A family that makes no edge (bourbon.ged's @F140@: one wife, no husband, no child, and a
 * bibliography in its NOTE, once reported "family with no edge to hold its notes"): its notes
 * are kept on its partner's person, else its child's; only a family naming nobody loses them.
 */

const FILE = gedcom(
  '5.5.1',
  '0 @I1@ INDI', '1 NAME Havoise /de Bretagne/', '1 SEX F',
  '0 @I2@ INDI', '1 NAME Alain /de Bretagne/', '1 SEX M',
  '0 @F1@ FAM', '1 WIFE @I1@', '1 NOTE Joëlle Quaghebeur, La Cornouaille du IXe au XIIe siècle', '2 CONT PUR Rennes (2002), p. 66-67',
  '0 @F2@ FAM', '1 CHIL @I2@', '1 NOTE @N1@',
  '0 @F3@ FAM', '1 NOTE A family of nobody',
  '0 @N1@ NOTE Named in a charter of 1008',
);

t.test("an edgeless family's notes go on its partner's person, else its child's, reported as kept", async (t) => {
  const s = await exportServer(t);
  const { tree, items } = await imported(t, FILE, s);
  const notesOf = (name: string) => tree.prepare('SELECT n.text FROM notes n JOIN persons p ON p.id = n.target WHERE p.display_name = ?').pluck().all(name);
  t.same(notesOf('Havoise de Bretagne'), ['Joëlle Quaghebeur, La Cornouaille du IXe au XIIe siècle\nPUR Rennes (2002), p. 66-67'], "on the wife's person");
  t.same(notesOf('Alain de Bretagne'), ['Named in a charter of 1008'], "a shared note, on the child's person");
  t.same(items.filter((item) => item.path === 'FAM.NOTE').map(({ reason, count, examples, kept }) => ({ reason, count, examples, kept })).sort((a, b) => a.examples[0] - b.examples[0]), [
    { reason: "family with no edge to hold its notes: kept as a note on its partner's person, which exports write it under", count: 1, examples: [14], kept: true },
    { reason: "family with no edge to hold its notes: kept as a note on its child's person, which exports write it under", count: 1, examples: [18], kept: true },
    { reason: 'family with no edge to hold its notes', count: 1, examples: [19], kept: undefined },
  ]);
  t.notOk(tree.prepare("SELECT 1 FROM notes WHERE text = 'A family of nobody'").get(), 'a family naming nobody has nowhere to keep it');
  const { text } = await exported(s, { version: '7.0', include_living: true });
  t.match(text, /\n1 NAME Havoise \/de Bretagne\/\n(?:.*\n)*?1 NOTE Joëlle Quaghebeur, La Cornouaille du IXe au XIIe siècle\n2 CONT PUR Rennes \(2002\), p\. 66-67\n/, "the export writes it under the wife's INDI");
});

t.test("a lone wife's family made from its marriage alone is written with her as WIFE, not HUSB", async (t) => {
  const s = await exportServer(t);
  await imported(t, gedcom('5.5.1', '0 @I1@ INDI', '1 NAME Havoise /de Bretagne/', '1 SEX F', '1 FAMS @F1@', '0 @F1@ FAM', '1 WIFE @I1@', '1 MARR', '2 DATE 1008'), s);
  for (const version of ['7.0', '5.5.1'] as const) {
    const { text } = await exported(s, { version, include_living: true });
    t.match(text, /\n0 @(F\d+)@ FAM\n1 WIFE @I1@\n1 MARR\n2 DATE 1008\n/, `${version}: her family, with her marriage`);
    t.notMatch(text, /\n1 HUSB /, `${version}: nobody written as husband`);
  }
});
