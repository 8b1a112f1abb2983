import t from 'tap';
import { cardOf, gedcom, imported } from './helpers.js';

/**
 * Lines of a FAM record real exporters write and the mapping tests did not reach: Family Tree
 * Maker's `_FREL`/`_MREL` under a CHIL (the child's tie to the father and to the mother), a
 * disproven link to a family with no partners, a 7.0 family whose only text is a shared note
 * (SNOTE), and a family naming one individual as both partners.
 */

const parentsOf = (card: { parents: { display_name: string; pedigree?: string }[] }) => card.parents.map((parent) => `${parent.display_name}: ${parent.pedigree}`).sort();

t.test("a CHIL's _FREL and _MREL are the pedigree of the father's and the mother's edge; any other line under it is reported", async (t) => {
  const { s, lost } = await imported(t, gedcom(
    '5.5.1',
    '0 @I1@ INDI', '1 NAME John /Cole/', '1 SEX M', '1 FAMS @F1@',
    '0 @I2@ INDI', '1 NAME Mary /Hale/', '1 SEX F', '1 FAMS @F1@',
    '0 @I3@ INDI', '1 NAME Kit /Cole/', '1 FAMC @F1@',
    '0 @F1@ FAM', '1 HUSB @I1@', '1 WIFE @I2@', '1 CHIL @I3@', '2 _FREL Adopted', '2 _MREL Natural', '2 _PREF Y',
  ));
  t.same(parentsOf(await cardOf(s, 'Kit Cole')), ['John Cole: adopted', 'Mary Hale: birth']);
  t.same(lost, ['FAM.CHIL._PREF not kept on the parent edges']);
});

t.test('a link marked disproven to a family with no partners is reported once, for what it is', async (t) => {
  const { tree, lost } = await imported(t, gedcom(
    '7.0',
    '0 @I1@ INDI', '1 NAME Tom /Cole/', '1 FAMC @F1@', '2 STAT DISPROVEN',
    '0 @F1@ FAM', '1 CHIL @I1@',
  ));
  t.equal(tree.prepare('SELECT count(*) FROM relationships').pluck().get(), 0);
  t.same(lost, ['INDI.FAMC.STAT a link marked disproven to a family with no partners: nothing to link or name']);
});

t.test("a 7.0 family with one partner and a shared note (SNOTE) keeps the note on the partner's person", async (t) => {
  const { tree, items } = await imported(t, gedcom(
    '7.0',
    '0 @N1@ SNOTE Married twice, per the family bible',
    '0 @I1@ INDI', '1 NAME Ann /Lee/', '1 SEX F', '1 FAMS @F1@',
    '0 @F1@ FAM', '1 WIFE @I1@', '1 SNOTE @N1@',
  ));
  t.same(tree.prepare('SELECT n.text FROM notes n JOIN persons p ON p.id = n.target').pluck().all(), ['Married twice, per the family bible']);
  t.same(items.map((item) => `${item.path}${item.kept ? ' (kept)' : ''}`), ['FAM.SNOTE (kept)']);
});

t.test('a family naming one individual as both partners: no spouse edge, and its marriage has that person once', async (t) => {
  const { tree, lost } = await imported(t, gedcom(
    '5.5.1',
    '0 @I1@ INDI', '1 NAME Pat /Moss/',
    '0 @F1@ FAM', '1 HUSB @I1@', '1 WIFE @I1@', '1 MARR', '2 DATE 1901',
  ));
  t.equal(tree.prepare("SELECT count(*) FROM relationships WHERE kind = 'spouse'").pluck().get(), 0);
  t.same(tree.prepare("SELECT e.date, count(p.subject) AS n FROM events e JOIN event_participants p ON p.event = e.id WHERE e.type = 'MARR' GROUP BY e.id").all(), [{ date: '1901', n: 1 }]);
  t.ok(lost.some((line) => line.startsWith('FAM ')), 'the refused spouse edge is reported');
});

t.test('a partner pointing at no individual is reported, and the family is made of the ones that are there', async (t) => {
  const { s, lost } = await imported(t, gedcom(
    '5.5.1',
    '0 @I1@ INDI', '1 NAME Mary /Hale/', '1 SEX F', '1 FAMS @F1@',
    '0 @I2@ INDI', '1 NAME Kit /Hale/', '1 FAMC @F1@',
    '0 @F1@ FAM', '1 HUSB @I9@', '1 WIFE @I1@', '1 CHIL @I2@',
  ));
  t.same(parentsOf(await cardOf(s, 'Kit Hale')), ['Mary Hale: birth']);
  t.same(lost, ['FAM.HUSB points to no individual (@I9@)']);
});
