import t from 'tap';
import { cardOf, gedcom, imported } from './helpers.js';

/**
 * An adoption written as GEDCOM writes it (`1 ADOP` / `2 FAMC @F1@` / `3 ADOP BOTH`, as in
 * Gramps' sample.ged for Eric Lloyd Smith): the child's parents in that family are its
 * adoptive parents on the person card, not its birth parents.
 */

const family = (adoption: string[], famc: string[] = ['1 FAMC @F1@'], children = ['1 CHIL @I3@']) =>
  gedcom(
    '5.5.1',
    '0 @I1@ INDI', '1 NAME Mary Ann /Smith/', '1 SEX F', '1 FAMS @F1@',
    '0 @I2@ INDI', '1 NAME John /Jones/', '1 SEX M', '1 FAMS @F1@',
    '0 @I3@ INDI', '1 NAME Eric /Jones/', '1 SEX M', '1 BIRT', '2 DATE 1875', '1 ADOP', '2 DATE 1876', ...adoption, ...famc,
    '0 @F1@ FAM', '1 HUSB @I2@', '1 WIFE @I1@', ...children,
  );

const parentsOf = (card: { parents: { display_name: string; pedigree?: string }[] }) => card.parents.map((parent) => `${parent.display_name}: ${parent.pedigree}`).sort();

t.test('ADOP BOTH: both parents of the family are adoptive, and the adoption keeps its date', async (t) => {
  const { s, tree, lost } = await imported(t, family(['2 FAMC @F1@', '3 ADOP BOTH']));
  t.same(parentsOf(await cardOf(s, 'Eric Jones')), ['John Jones: adopted', 'Mary Ann Smith: adopted']);
  t.same(tree.prepare("SELECT date FROM assertions WHERE kind = 'adoption'").pluck().all(), ['1876']);
  t.same(lost, [], 'the adopting family is kept, not reported');
});

t.test('ADOP HUSB: only the husband adopted; ADOP without a word: both', async (t) => {
  const husband = await imported(t, family(['2 FAMC @F1@', '3 ADOP HUSB']));
  t.same(parentsOf(await cardOf(husband.s, 'Eric Jones')), ['John Jones: adopted', 'Mary Ann Smith: birth']);
  const both = await imported(t, family(['2 FAMC @F1@']));
  t.same(parentsOf(await cardOf(both.s, 'Eric Jones')), ['John Jones: adopted', 'Mary Ann Smith: adopted']);
});

t.test('the link itself wins: a FAMC.PEDI of its own says what the child is in that family', async (t) => {
  const { s } = await imported(t, family(['2 FAMC @F1@', '3 ADOP BOTH'], ['1 FAMC @F1@', '2 PEDI foster']));
  t.same(parentsOf(await cardOf(s, 'Eric Jones')), ['John Jones: foster', 'Mary Ann Smith: foster']);
});

t.test('an adopting family that does not list the child is reported, not silently dropped', async (t) => {
  const { lost } = await imported(t, family(['2 FAMC @F1@', '3 ADOP BOTH'], [], []));
  t.same(lost, ['INDI.ADOP.FAMC the adopting family does not list the child (CHIL): no parent edges to mark adopted']);
});

t.test('an ADOP that names neither partner nor both is taken as both, and reported', async (t) => {
  const { s, lost } = await imported(t, family(['2 FAMC @F1@', '3 ADOP MOTHER']));
  t.same(parentsOf(await cardOf(s, 'Eric Jones')), ['John Jones: adopted', 'Mary Ann Smith: adopted']);
  t.same(lost, ['INDI.ADOP.FAMC.ADOP "MOTHER" is none of HUSB, WIFE, BOTH: taken as both']);
});
