import t from 'tap';
import { gedcom, imported } from './helpers.js';

/**
 * An edge the family plugin refuses is reported in words a reader of the file understands, the
 * same for every refusal of a kind (so the report counts them, with their lines), naming no id
 * of the tree; the rest of the family is imported.
 */

t.test('refused edges: counted by kind, in words, with their lines, no id of ours', async (t) => {
  const { tree, items } = await imported(t, gedcom(
    '5.5.1',
    '0 @I1@ INDI', '1 NAME John /Cole/', '1 SEX M',
    '0 @I2@ INDI', '1 NAME Ann /Lee/', '1 SEX F',
    '0 @I3@ INDI', '1 NAME Kit /Cole/',
    '0 @I4@ INDI', '1 NAME Mary /Hill/', '1 SEX F',
    '0 @F1@ FAM', '1 HUSB @I1@', '1 WIFE @I2@', '1 CHIL @I3@', '1 CHIL @I3@',
    '0 @F2@ FAM', '1 WIFE @I4@', '1 CHIL @I3@',
    '0 @F3@ FAM', '1 HUSB @I3@', '1 CHIL @I1@',
    '0 @F4@ FAM', '1 HUSB @I4@', '1 WIFE @I4@',
  ));
  const refused = items.filter((item) => item.reason.startsWith('refused')).map(({ path, reason, count, examples }) => ({ path, reason, count, examples })).sort((a, b) => a.examples[0] - b.examples[0]);
  t.same(refused, [
    { path: 'FAM.CHIL', reason: 'refused: these persons are linked so already (the same child listed twice, or the same parents in another family): kept once', count: 2, examples: [21, 21] },
    { path: 'FAM.CHIL', reason: 'refused: it would make a person their own ancestor', count: 1, examples: [27] },
    { path: 'FAM', reason: 'refused: a person cannot be their own parent or partner', count: 1, examples: [28] },
  ]);
  t.notOk(JSON.stringify(items).match(/[0-9a-f]{8}-[0-9a-f]{4}-/), 'no id of the tree in the report');
  t.equal(tree.prepare("SELECT count(*) FROM relationships WHERE kind = 'parent'").pluck().get(), 2, "Kit's two parents, once each");
  t.same(items.filter((item) => item.path === 'FAM.CHIL' && item.kept).map(({ reason, count, examples }) => ({ reason, count, examples })), [
    { reason: 'a third birth parent: not linked (a person has two at most); kept as a note on the child naming the parents this family gives', count: 1, examples: [24] },
  ], 'a third birth parent is not lost: kept as a note');
  const kit = tree.prepare("SELECT id FROM persons WHERE display_name = 'Kit Cole'").pluck().get() as string;
  t.same(tree.prepare('SELECT text FROM notes WHERE target = ?').pluck().all(kit), [
    "The imported file also gives Mary Hill as this person's birth parent (its family @F2@). Not linked: this person has two birth parents already. Weigh the evidence for both families, then link the right parents (or these with another pedigree: adopted, foster, step).",
  ], 'the note on the child names the parent the second family gives');
});

t.test('a second family of both birth parents: one note on the child names both, with their years', async (t) => {
  const { tree, items, lost } = await imported(t, gedcom(
    '5.5.1',
    '0 @I1@ INDI', '1 NAME Jean /Roy/', '1 SEX M',
    '0 @I2@ INDI', '1 NAME Anne /Roy/', '1 SEX F',
    '0 @I3@ INDI', '1 NAME Pierre /Roy/', '1 SEX M',
    '0 @I4@ INDI', '1 NAME Louis /Gal/', '1 SEX M', '1 BIRT', '2 DATE 1650', '1 DEAT', '2 DATE 1701',
    '0 @I5@ INDI', '1 NAME Marie /Bon/', '1 SEX F',
    '0 @F1@ FAM', '1 HUSB @I1@', '1 WIFE @I2@', '1 CHIL @I3@',
    '0 @F2@ FAM', '1 HUSB @I4@', '1 WIFE @I5@', '1 CHIL @I3@',
  ));
  t.notOk(lost.some((line) => line.includes('birth parents')), 'nothing reported lost');
  t.equal(items.find((item) => item.path === 'FAM.CHIL' && item.kept)?.count, 2, 'both refused edges reported as kept');
  const pierre = tree.prepare("SELECT id FROM persons WHERE display_name = 'Pierre Roy'").pluck().get() as string;
  t.same(tree.prepare('SELECT text FROM notes WHERE target = ?').pluck().all(pierre), [
    "The imported file also gives Louis Gal (1650–1701) and Marie Bon as this person's birth parents (its family @F2@). Not linked: this person has two birth parents already. Weigh the evidence for both families, then link the right parents (or these with another pedigree: adopted, foster, step).",
  ]);
  t.equal(tree.prepare("SELECT count(*) FROM relationships WHERE kind = 'spouse'").pluck().get(), 2, 'the second couple is still a couple');
});

t.test('a child three more families list: a note for each family, one with no xref named without it', async (t) => {
  const { tree } = await imported(t, gedcom(
    '5.5.1',
    '0 @I1@ INDI', '1 NAME Jean /Roy/', '1 SEX M',
    '0 @I2@ INDI', '1 NAME Anne /Roy/', '1 SEX F',
    '0 @I3@ INDI', '1 NAME Pierre /Roy/', '1 SEX M',
    '0 @I4@ INDI', '1 NAME Louis /Gal/', '1 SEX M',
    '0 @I5@ INDI', '1 NAME Marie /Bon/', '1 SEX F',
    '0 @I6@ INDI', '1 NAME Paul /Vey/', '1 SEX M',
    '0 @I7@ INDI', '1 NAME Rose /Vey/', '1 SEX F',
    '0 @F1@ FAM', '1 HUSB @I1@', '1 WIFE @I2@', '1 CHIL @I3@',
    '0 @F2@ FAM', '1 HUSB @I4@', '1 WIFE @I5@', '1 CHIL @I3@',
    '0 @F3@ FAM', '1 WIFE @I7@', '1 CHIL @I3@',
    '0 FAM', '1 HUSB @I6@', '1 CHIL @I3@',
  ));
  const pierre = tree.prepare("SELECT id FROM persons WHERE display_name = 'Pierre Roy'").pluck().get() as string;
  t.same(tree.prepare('SELECT text FROM notes WHERE target = ? ORDER BY id').pluck().all(pierre), [
    "The imported file also gives Louis Gal and Marie Bon as this person's birth parents (its family @F2@). Not linked: this person has two birth parents already. Weigh the evidence for both families, then link the right parents (or these with another pedigree: adopted, foster, step).",
    "The imported file also gives Rose Vey as this person's birth parent (its family @F3@). Not linked: this person has two birth parents already. Weigh the evidence for both families, then link the right parents (or these with another pedigree: adopted, foster, step).",
    "The imported file also gives Paul Vey as this person's birth parent. Not linked: this person has two birth parents already. Weigh the evidence for both families, then link the right parents (or these with another pedigree: adopted, foster, step).",
  ]);
});
