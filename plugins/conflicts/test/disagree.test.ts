import t from 'tap';
import { datesDisagree, disagreement, fold, memoised, normaliseValue, placeParts, placesDisagree, valuesDisagree, DATE_SLACK_YEARS } from '../src/disagree.js';
import { ruleOf, SINGLE_VALUED } from '../src/kinds.js';

/** [a, b, disagree?, why]: dates as GEDCOM writes them. */
const DATES: [string | null, string | null, boolean, string][] = [
  ['ABT 1850', '1852', false, 'ABT widens by 3 years'],
  ['ABT 1850', '1853', false, 'ABT 1850 reaches 31 DEC 1853 (2 years apart, within 3)'],
  ['ABT 1850', '1855', true, 'beyond the 3 years of ABT'],
  ['ABT 1850', '1860', true, 'far beyond'],
  ['ABT 1850', 'ABT 1856', false, 'each ABT widens by 3: 5 years apart, within 6'],
  ['ABT 1850', 'ABT 1858', true, '7 years apart, beyond 6'],
  ['EST 1850', '1853', false, 'EST widens by 3 years'],
  ['EST 1850', '1855', true, 'beyond EST'],
  ['CAL 1850', '1852', false, 'CAL widens by 2 years'],
  ['CAL 1850', '1853', true, 'CAL 1850 and 1853 are 2 years and a day apart: beyond 2'],
  ['BET 1840 AND 1845', '1843', false, 'inside the range'],
  ['BET 1840 AND 1845', '1845', false, 'on the upper bound'],
  ['BET 1840 AND 1845', '1846', true, 'a range has no slack'],
  ['BET 1840 AND 1845', 'BET 1844 AND 1850', false, 'overlapping ranges'],
  ['BEF 1850', '1849', false, 'before'],
  ['BEF 1850', '1850', false, 'BEF 1850 includes the year 1850 (a year is the whole year)'],
  ['BEF 1850', '1851', true, 'after the bound'],
  ['AFT 1850', '1849', true, 'before the bound'],
  ['AFT 1850', '1900', false, 'AFT is open-ended'],
  ['BEF 1850', 'AFT 1860', true, 'two open ranges that do not meet'],
  ['FROM 1850 TO 1860', '1855', false, 'a period compares as its span'],
  ['12 MAR 1850', '12 MAR 1850', false, 'the same day'],
  ['12 MAR 1850', '13 MAR 1850', true, 'exact days differing by one'],
  ['MAR 1850', '12 MAR 1850', false, 'a month holds its days'],
  ['MAR 1850', '12 APR 1850', true, 'another month'],
  ['1850', '31 DEC 1850', false, 'a year holds its days'],
  ['1850', '1 JAN 1851', true, 'the next year'],
  ['1749/50', '1750', false, 'dual year read new style'],
  ['1749/50', '1749', false, 'dual year read old style'],
  ['1749/50', '1751', true, 'neither reading'],
  ['@#DJULIAN@ 1 JAN 1750', '12 JAN 1750', false, 'Julian 1 JAN 1750 is Gregorian 12 JAN 1750'],
  ['@#DJULIAN@ 1 JAN 1750', '1 JAN 1750', true, 'the same written day in two calendars is 11 days apart'],
  ['@#DHEBREW@ 1 TSH 5611', '7 SEP 1850', false, 'Hebrew 1 Tishrei 5611 is 7 SEP 1850'],
  ['@#DFRENCH R@ 1 VEND 2', '22 SEP 1793', false, 'French Republican 1 Vendémiaire II is 22 SEP 1793'],
  ['@#DROMAN@ 1850', '1900', false, 'a calendar that cannot be converted: nothing to compare'],
  ['INT 1850 (about then)', '1850', false, 'an interpreted date compares as its date'],
  ['INT 1850 (about then)', '1851', true, 'and disagrees as its date'],
  ['(the spring before the flood)', '1850', false, 'a phrase is not a date: never disagrees'],
  ['unknown', '1850', false, 'text the parser cannot read: never disagrees'],
  ['12 mar 1850', '12 MAR 1850', false, 'case does not matter'],
  [null, '1850', false, 'a missing date never disagrees'],
  ['   ', '1850', false, 'a blank date is missing'],
];

t.test('dates: the edge-case table', async (t) => {
  t.same(DATE_SLACK_YEARS, { ABT: 3, CAL: 2, EST: 3 }, 'the documented tolerance');
  for (const [a, b, disagree, why] of DATES) {
    t.equal(datesDisagree(a, b) !== null, disagree, `${a} | ${b}: ${why}`);
    t.equal(datesDisagree(b, a) !== null, disagree, `${b} | ${a}: symmetric`);
  }
  t.equal(datesDisagree('ABT 1850', '1860'), 'the dates "ABT 1850" and "1860" are 9 years apart');
  t.equal(datesDisagree(' 12 MAR 1850 ', '13 MAR 1850'), 'the dates "12 MAR 1850" and "13 MAR 1850" do not overlap');
});

/** [a, b, disagree?, why]. */
const PLACES: [string | null, string | null, boolean, string][] = [
  ['Ledbury, Herefordshire, England', 'Ledbury, Herefordshire, England', false, 'the same place'],
  ['Ledbury, Herefordshire, England', 'Herefordshire, England', false, 'a more precise place of the same hierarchy'],
  ['Ledbury, Herefordshire, England', 'England', false, 'the country holds the town'],
  ['Ledbury, Herefordshire', 'Hereford, Herefordshire', true, 'two towns of one county'],
  ['Ledbury, Herefordshire, England', 'Ledbury', false, 'the upper levels left out'],
  ['Ledbury, Herefordshire', 'Ledbury, Herefordshire, England', false, 'the country left out'],
  ['Ledbury, Herefordshire', 'Herefordshire, England', false, 'the two continue one another'],
  ['St Mary, Ledbury', 'Ledbury, Herefordshire, England', false, 'a church in the town'],
  ['Ledbury, , England', 'Ledbury, Herefordshire, England', false, 'an empty level is unknown'],
  ['Paris, Texas', 'Paris, France', true, 'same town name, other countries'],
  ['Paris', 'Paris, Texas, USA', false, 'cannot tell which Paris'],
  ['Boston, Massachusetts', 'Boston, Lincolnshire, England', true, 'two Bostons'],
  ['Cambridge, England', 'Cambridge, Massachusetts', true, 'two Cambridges'],
  ['LEDBURY,herefordshire ,  England', 'ledbury, Herefordshire, england', false, 'case and spaces'],
  ['Zürich, Schweiz', 'Zurich, Schweiz', false, 'accents'],
  ['St. Mary\'s, Ledbury', 'St Marys, Ledbury', false, 'punctuation'],
  ['Ledbury', 'Hereford', true, 'two towns'],
  ['Ledbury', 'Herefordshire, England', true, 'no level in common: without a gazetteer, not known to be one place'],
  [null, 'Ledbury', false, 'a missing place never disagrees'],
  [' , , ', 'Ledbury', false, 'a place of commas says nothing'],
  ['Ledbury, , England', 'Paris, France', true, 'an empty level does not make a place say nothing'],
];

t.test('places: the edge-case table', async (t) => {
  for (const [a, b, disagree, why] of PLACES) {
    t.equal(placesDisagree(a, b) !== null, disagree, `${a} | ${b}: ${why}`);
    t.equal(placesDisagree(b, a) !== null, disagree, `${b} | ${a}: symmetric`);
  }
  t.same(placeParts('Ledbury, , Herefordshire'), ['ledbury', '', 'herefordshire']);
  t.equal(fold('  Ó Súilleabháin-Smith  '), 'o suilleabhain smith');
  t.equal(placesDisagree('Ledbury, Herefordshire', 'Hereford, Herefordshire'), 'the places "Ledbury, Herefordshire" and "Hereford, Herefordshire" are not one place');
  t.equal(placesDisagree('  Ledbury ', ' Hereford  '), 'the places "Ledbury" and "Hereford" are not one place', 'both named trimmed');
});

t.test('values: sex words normalised, others folded', async (t) => {
  const SEXES: [string | null, string | null, boolean][] = [
    ['M', 'male', false],
    ['M', ' Male ', false],
    ['m', 'MAN', false],
    ['F', 'female', false],
    ['F', 'Woman', false],
    ['M', 'F', true],
    ['male', 'female', true],
    ['X', 'intersex', false],
    ['X', 'M', true],
    ['U', 'M', false],
    ['unknown', 'F', false],
    [null, 'F', false],
    ['', 'F', false],
    ['--', 'F', false],
  ];
  for (const [a, b, disagree] of SEXES) t.equal(valuesDisagree('sex', a, b) !== null, disagree, `sex ${a} | ${b}`);
  t.equal(normaliseValue('sex', 'Female'), 'F');
  t.equal(normaliseValue('sex', 'U'), null);
  t.equal(normaliseValue('sex', 'hermaphrodite'), 'hermaphrodite', 'a word the table does not know is compared as it is folded');
  t.equal(normaliseValue('title', '  Sir  John '), 'sir john');
  t.equal(valuesDisagree('sex', 'M', 'F'), 'the values "M" and "F" differ');
});

t.test('two claims: what is compared depends on the kind', async (t) => {
  const claim = (kind: string, facts: { value?: string; date?: string; place?: string }) => ({ kind, value: facts.value ?? null, date: facts.date ?? null, place: facts.place ?? null });
  t.same(Object.keys(SINGLE_VALUED).sort(), ['baptism', 'birth', 'burial', 'christening', 'cremation', 'death', 'sex']);
  t.same(
    disagreement(claim('birth', { date: '1850', place: 'Ledbury' }), claim('birth', { date: '1860', place: 'Hereford' })),
    { on: ['date', 'place'], detail: 'The dates "1850" and "1860" are 9 years apart; the places "Ledbury" and "Hereford" are not one place' },
  );
  t.same(disagreement(claim('death', { date: '1900' }), claim('death', { date: 'ABT 1902', place: 'Ledbury' })), null, 'compatible dates, one place missing');
  t.same(disagreement(claim('birth', { date: '1850', value: 'stillborn' }), claim('birth', { date: '1850', value: 'at home' })), null, 'an event\'s value is a description, not compared');
  t.same(disagreement(claim('sex', { value: 'M', date: '1850' }), claim('sex', { value: 'male', date: '1900', place: 'Hereford' })), null, 'sex compares its value only');
  t.same(disagreement(claim('sex', { value: 'M' }), claim('sex', { value: 'F' })), { on: ['value'], detail: 'The values "M" and "F" differ' });
  t.same(disagreement(claim('residence', { date: '1850', place: 'Ledbury' }), claim('residence', { date: '1860', place: 'Hereford' })), null, 'multi-valued kinds never disagree');
  t.same(disagreement(claim('occupation', { value: 'Glover' }), claim('occupation', { value: 'Farmer' })), null);
  t.same(disagreement(claim('birth', { date: '1850' }), claim('baptism', { date: '1860' })), null, 'claims of two kinds never disagree');
  t.same(disagreement({ kind: 'sex', date: null, place: null }, claim('sex', { value: 'F' })), null, 'a light row without its value never disagrees on it');
  t.equal(ruleOf('constructor'), undefined, 'only the listed kinds, not what an object inherits');
  t.equal(ruleOf('residence'), undefined);
  t.same(ruleOf('burial'), { compare: ['date', 'place'] });
});

t.test('memoised readers read each text once and answer as the direct ones', async (t) => {
  const read = memoised();
  t.equal(read.date('ABT 1850'), read.date('ABT 1850'), 'the same parsed date');
  t.equal(read.place('Ledbury, Herefordshire'), read.place('Ledbury, Herefordshire'));
  t.same(read.place('Ledbury, Herefordshire'), ['ledbury', 'herefordshire']);
  for (const [a, b] of [['ABT 1850', '1860'], ['1850', '1850'], ['12 MAR 1850', '13 mar 1850']]) t.equal(datesDisagree(a, b, read), datesDisagree(a, b), `${a} | ${b}`);
  for (const [a, b] of [['Ledbury', 'Hereford'], ['Ledbury, Herefordshire', 'Herefordshire']]) t.equal(placesDisagree(a, b, read), placesDisagree(a, b), `${a} | ${b}`);
  t.equal(datesDisagree('12 mar 1850', ' 12 MAR 1850 '), null, 'the same text in other case and spaces: no parse needed');
});
