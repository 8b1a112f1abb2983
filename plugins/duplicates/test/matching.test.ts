import t from 'tap';
import { parseGedcomDate } from '@rootline/gedcom-date';
import { foldGiven, nameWords, surnameForms } from '../src/fold.js';
import { metaphoneCodes, sharedCode, similarity, soundexCodes } from '../src/phonetic.js';
import { nicknameGroups, sharedGroup } from '../src/nicknames.js';
import { CodeCache, consonantKey, givenKeys, keysOf, nameOf, namesOfPersonas, surnameKeys } from '../src/names.js';
import { compareGiven, compareSurnames, compareWords, preScore, scoreCandidate, type Query } from '../src/score.js';
import { agreeDates, boundsAgree, queryDate, yearBounds } from '../src/dates.js';

const surnames = (a: string, b: string) => compareSurnames(nameOf('', a), nameOf('', b), new CodeCache());
const given = (a: string, b: string) => compareGiven(nameOf(a, ''), nameOf(b, ''), new CodeCache());
const round = (value: number) => Math.round(value * 10000) / 10000;

t.test('folding: accents, case, apostrophes, spaces and particles in front do not matter', async (t) => {
  t.same(nameWords('Ó Súilleabháin'), ['o', 'suilleabhain']);
  t.same(nameWords("O'Brien-Smith"), ['o', 'brien', 'smith']);
  t.same(nameWords('Łukasz Øster Straße Æthelred Œuvre Đorđe Þór Işık'), ['lukasz', 'oster', 'strasse', 'aethelred', 'oeuvre', 'dorde', 'thor', 'isik']);
  t.same(nameWords(' 12 -- '), []);
  t.same(surnameForms("O'Sullivan"), ['osullivan']);
  t.same(surnameForms('O Sullivan'), ['osullivan']);
  t.same(surnameForms('Ó Súilleabháin'), ['osuilleabhain']);
  t.same(surnameForms('O SUILLEABHAIN'), ['osuilleabhain'], 'the Irish form folds to one spelling, with or without its accents');
  t.same(surnameForms('van der Berg'), ['vanderberg', 'berg'], 'whole, and without the particles in front');
  t.same(surnameForms('Le Blanc'), ['leblanc', 'blanc']);
  t.same(surnameForms('LeBlanc'), ['leblanc']);
  t.same(surnameForms('De'), ['de'], 'a particle alone is the name');
  t.same(surnameForms('van der'), ['vander', 'der'], 'particles alone: the last is kept as a form');
  t.same(surnameForms('Müller'), ['muller']);
  t.same(surnameForms('???'), []);
  t.same(foldGiven('John Henry'), ['john', 'henry']);
  t.same(foldGiven('J. H.'), ['j', 'h']);
  t.same(foldGiven('Isabel of'), ['isabel'], 'words that are not names are left out');
  t.same(foldGiven('Maria de la'), ['maria']);
  t.same(foldGiven('de la'), ['de', 'la'], 'unless nothing else is left');
});

t.test('phonetic codes of the kept libraries', async (t) => {
  t.same(metaphoneCodes('smith'), ['SM0', 'XMT'], 'Double Metaphone: primary and secondary');
  t.same(metaphoneCodes('muller'), ['MLR'], 'one code when both are the same');
  t.same(metaphoneCodes(''), [], 'no code for nothing');
  t.same(soundexCodes('kowalski'), ['578450']);
  t.same(soundexCodes('rabinovich'), ['976750', '976740'], 'Daitch–Mokotoff branches');
  t.same(soundexCodes(''), [], 'nothing codes to 000000: no code');
  t.same(soundexCodes('o'), []);
  t.equal(sharedCode(['A', 'B'], ['C', 'B']), 'B');
  t.equal(sharedCode(['A', 'B'], ['B', 'A']), 'A', 'the first of the left side');
  t.equal(sharedCode(['A'], ['C']), null);
  t.equal(round(similarity('martha', 'marhta')), 0.9611);
  t.equal(similarity('smith', 'smith'), 1);
  t.equal(similarity('abc', 'xyz'), 0);
  t.equal(consonantKey('henry'), 'hnr');
  t.equal(consonantKey('herny'), 'hnr', 'two letters swapped keep the consonant key');
  t.equal(consonantKey('wilson'), 'wlns');
  t.equal(consonantKey('wlison'), 'wlns');
  t.equal(consonantKey('smyth'), 'shmt', 'y is a vowel here');
  t.equal(consonantKey('barrett'), 'brt', 'each consonant once');
  t.equal(consonantKey('a'), 'a');
});

t.test('surnames: exact, Double Metaphone, Daitch–Mokotoff, Jaro–Winkler, different', async (t) => {
  const table: [string, string, string, number, string][] = [
    ['Smith', 'Smyth', 'double_metaphone', 0.9467, 'Smith ~ Smyth: Double Metaphone SM0'],
    ['Schmidt', 'Schmitt', 'double_metaphone', 0.9762, 'Schmidt ~ Schmitt: Double Metaphone XMT'],
    ['Müller', 'Mueller', 'double_metaphone', 0.9587, 'Müller ~ Mueller: Double Metaphone MLR'],
    ['Müller', 'Muller', 'exact', 1, 'Müller = Muller'],
    ['Mueller', 'Muller', 'double_metaphone', 0.9587, 'Mueller ~ Muller: Double Metaphone MLR'],
    ['Kowalski', 'Kovalsky', 'daitch_mokotoff', 0.8833, 'Kowalski ~ Kovalsky: Daitch–Mokotoff 578450'],
    ['Horowitz', 'Gurevich', 'daitch_mokotoff', 0.7, 'Horowitz ~ Gurevich: Daitch–Mokotoff 597400'],
    ['Schwartz', 'Szwarc', 'daitch_mokotoff', 0.8088, 'Schwartz ~ Szwarc: Daitch–Mokotoff 479400'],
    ['Rabinowitz', 'Rabinovich', 'double_metaphone', 0.95, 'Rabinowitz ~ Rabinovich: Double Metaphone RPNFX'],
    ['Friedman', 'Freedman', 'double_metaphone', 0.9667, 'Friedman ~ Freedman: Double Metaphone FRTMN'],
    ['Levy', 'Levi', 'double_metaphone', 0.9417, 'Levy ~ Levi: Double Metaphone LF'],
    ['Goldberg', 'Goldenberg', 'jaro_winkler', 0.9458, 'Goldberg ~ Goldenberg: Jaro–Winkler 0.95'],
    ['Henry', 'Herny', 'jaro_winkler', 0.9467, 'Henry ~ Herny: Jaro–Winkler 0.95'],
    ['Smith', 'Smithson', 'jaro_winkler', 0.9375, 'Smith ~ Smithson: Jaro–Winkler 0.94'],
    ['Cohen', 'Kohn', 'different', 0, 'Cohen ≠ Kohn: Jaro–Winkler 0.78'],
    ['Smith', 'Jones', 'different', 0, 'Smith ≠ Jones: Jaro–Winkler 0'],
    ["O'Sullivan", 'O Sullivan', 'exact', 1, "O'Sullivan = O Sullivan"],
    ["O'Sullivan", 'Ó Súilleabháin', 'different', 0, "O'Sullivan ≠ Ó Súilleabháin: Jaro–Winkler 0.86"],
    ['Ó Súilleabháin', "O'Suilleabhain", 'exact', 1, "Ó Súilleabháin = O'Suilleabhain"],
    ['van der Berg', 'Berg', 'exact', 1, 'van der Berg = Berg'],
    ['Le Blanc', 'LeBlanc', 'exact', 1, 'Le Blanc = LeBlanc'],
    ['MacDonald', 'McDonald', 'double_metaphone', 0.9458, 'MacDonald ~ McDonald: Double Metaphone MKTNLT'],
  ];
  for (const [a, b, how, value, detail] of table) {
    const part = surnames(a, b);
    t.same({ how: part.how, value: round(part.value), detail: part.detail }, { how, value, detail }, `${a} / ${b}`);
  }
  t.same(surnames('Smith', ''), { how: 'unknown', value: 0.5, detail: 'no surname recorded' });
});

t.test('Jaro–Winkler counts from 0.88, phonetic codes add half of it', async (t) => {
  const codes = new CodeCache();
  // No code in common, similarity over and just under the threshold.
  t.equal(round(similarity('tuvwxyz', 'tuvwxab')), 0.9048);
  t.same(compareWords('tuvwxyz', 'tuvwxab', ['Tuvwxyz', 'Tuvwxab'], codes), { how: 'jaro_winkler', value: similarity('tuvwxyz', 'tuvwxab'), detail: 'Tuvwxyz ~ Tuvwxab: Jaro–Winkler 0.9' });
  t.equal(similarity('abcdefgh', 'abcdexyz'), 0.875);
  t.same(compareWords('abcdefgh', 'abcdexyz', ['Abcdefgh', 'Abcdexyz'], codes), { how: 'different', value: 0, detail: 'Abcdefgh ≠ Abcdexyz: Jaro–Winkler 0.88' }, '0.875 is under 0.88');
  t.same(compareWords('jonathan', 'jonasxyz', ['Jonathan', 'Jonasxyz'], codes), { how: 'different', value: 0, detail: 'Jonathan ≠ Jonasxyz: Jaro–Winkler 0.83' });
  // A code in common: 0.5 (Double Metaphone) or 0.45 (Daitch–Mokotoff) plus half the similarity.
  t.equal(round(compareWords('smith', 'smyth', ['a', 'b'], codes).value), round(0.5 + 0.5 * similarity('smith', 'smyth')));
  t.equal(round(compareWords('kowalski', 'kovalsky', ['a', 'b'], codes).value), round(0.45 + 0.5 * similarity('kowalski', 'kovalsky')));
});

t.test('given names: exact, nickname, initial, middle names, phonetic', async (t) => {
  const table: [string, string, string, number, string][] = [
    ['William', 'William', 'exact', 1, 'William = William'],
    ['William', 'Bill', 'nickname', 0.9, 'William ~ Bill: both forms of William'],
    ['Wm', 'William', 'nickname', 0.9, 'Wm ~ William: both forms of William'],
    ['John', 'Jno', 'nickname', 0.9, 'John ~ Jno: both forms of John'],
    ['Johann', 'John', 'nickname', 0.9, 'Johann ~ John: both forms of John'],
    ['Peggy', 'Margaret', 'nickname', 0.9, 'Peggy ~ Margaret: both forms of Margaret'],
    ['Nell', 'Helen', 'nickname', 0.9, 'Nell ~ Helen: both forms of Helen'],
    ['Nell', 'Eleanor', 'nickname', 0.9, 'Nell ~ Eleanor: both forms of Eleanor'],
    ['J', 'John', 'initial', 0.6, 'J ~ John: initial J'],
    ['John', 'J.', 'initial', 0.6, 'John ~ J.: initial J'],
    ['Henry', 'John Henry', 'exact', 0.9, 'Henry = John Henry'],
    ['John Henry', 'Henry', 'exact', 0.9, 'John Henry = Henry'],
    ['Bill', 'John William', 'nickname', 0.81, 'Bill ~ John William: both forms of William'],
    ['Elisa', 'Elise', 'double_metaphone', 0.9667, 'Elisa ~ Elise: Double Metaphone ALS'],
    ['John', 'Mary', 'different', 0, 'John ≠ Mary: Jaro–Winkler 0'],
    ['Isabel of', 'Isabel', 'exact', 1, 'Isabel of = Isabel'],
  ];
  for (const [a, b, how, value, detail] of table) {
    const part = given(a, b);
    t.same({ how: part.how, value: round(part.value), detail: part.detail }, { how, value, detail }, `${a} / ${b}`);
  }
  t.same(given('John', ''), { how: 'unknown', value: 0.5, detail: 'no given name recorded' });
  t.same(nicknameGroups('nell'), ['eleanor', 'helen'], 'a name in two groups');
  t.same(nicknameGroups('zebedee'), []);
  t.equal(sharedGroup('hannah', 'joan'), 'johanna');
  t.equal(sharedGroup('hannah', 'nancy'), 'ann');
  t.equal(sharedGroup('bill', 'bob'), null);
});

t.test('dates: GEDCOM ranges, the slack, close and conflicting', async (t) => {
  const date = (text: string) => queryDate(text)!;
  t.same(agreeDates(date('ABT 1850'), '1852'), { how: 'compatible', value: 0.9, detail: '"ABT 1850" and "1852" are 1 years apart, within the slack' });
  t.same(agreeDates(date('1850'), '1850'), { how: 'compatible', value: 1, detail: '"1850" and "1850" overlap' });
  t.same(agreeDates(date('BET 1840 AND 1845'), '12 MAR 1843'), { how: 'compatible', value: 1, detail: '"BET 1840 AND 1845" and "12 MAR 1843" overlap' });
  t.same(agreeDates(date('1850'), '1870'), { how: 'conflicting', value: 0, detail: '"1850" and "1870" are 19 years apart, beyond the slack' });
  t.same(agreeDates(date('1850'), '1852'), { how: 'close', value: 0.3, detail: '"1850" and "1852" are 1 years apart, beyond the slack' });
  t.same(agreeDates(date('1850'), '1853'), { how: 'close', value: 0.3, detail: '"1850" and "1853" are 2 years apart, beyond the slack' });
  t.same(agreeDates(date('1850'), '1854'), { how: 'conflicting', value: 0, detail: '"1850" and "1854" are 3 years apart, beyond the slack' });
  t.same(agreeDates(date('ABT 1850'), '1855'), { how: 'close', value: 0.3, detail: '"ABT 1850" and "1855" are 4 years apart, beyond the slack' }, 'ABT: 3 years of slack, then 2 close');
  t.same(agreeDates(date('ABT 1850'), '1857'), { how: 'conflicting', value: 0, detail: '"ABT 1850" and "1857" are 6 years apart, beyond the slack' });
  t.same(agreeDates(date('ABT 1850'), 'ABT 1855'), { how: 'compatible', value: 0.6, detail: '"ABT 1850" and "ABT 1855" are 4 years apart, within the slack' });
  t.same(agreeDates(date('BEF 1850'), '1849'), { how: 'compatible', value: 1, detail: '"BEF 1850" and "1849" overlap' });
  t.same(agreeDates(date('1850'), null), { how: 'unknown', value: 0.5, detail: 'no date recorded' });
  t.same(agreeDates(date('1850'), '(in the spring)'), { how: 'unknown', value: 0.5, detail: '"(in the spring)" is not a date: nothing to compare' });

  t.equal(queryDate('blah'), null, 'not a date');
  t.equal(queryDate(''), null);
  t.equal(queryDate('(unknown)'), null);
  t.equal(queryDate('@#DROMAN@ 1850'), null, 'a calendar that cannot be converted');
  t.match(queryDate('abt. 1850'), { kind: 'approx', qualifier: 'ABT' }, 'read tolerantly');
  t.match(queryDate('AFT 1850'), { kind: 'range' });

  t.same(yearBounds(parseGedcomDate('ABT 1850')), [1847, 1853]);
  t.same(yearBounds(parseGedcomDate('CAL 1850')), [1848, 1852]);
  t.same(yearBounds(parseGedcomDate('EST 1850')), [1847, 1853]);
  t.same(yearBounds(parseGedcomDate('12 MAR 1850')), [1850, 1850]);
  t.same(yearBounds(parseGedcomDate('BEF 1850')), [-9999, 1850]);
  t.same(yearBounds(parseGedcomDate('AFT 1850')), [1850, 9999]);
  t.same(yearBounds(parseGedcomDate('BET 1840 AND 1845')), [1840, 1845]);
  t.equal(yearBounds(parseGedcomDate('(spring)')), null);
  t.equal(yearBounds(null), null);

  t.equal(boundsAgree([1850, 1850], [1850, 1852]), 'overlap');
  t.equal(boundsAgree([1850, 1850], [1852, 1852]), 'close');
  t.equal(boundsAgree([1852, 1852], [1850, 1850]), 'close');
  t.equal(boundsAgree([1850, 1850], [1853, 1853]), 'close', 'two whole years between');
  t.equal(boundsAgree([1853, 1853], [1850, 1850]), 'close');
  t.equal(boundsAgree([1850, 1850], [1854, 1854]), 'apart');
  t.equal(boundsAgree([1854, 1854], [1850, 1850]), 'apart');
  t.equal(boundsAgree([1850, 1850], [1851, 1851]), 'close', 'next year: close, as the dates are');
  t.equal(boundsAgree(null, [1850, 1850]), null);
  t.equal(boundsAgree([1850, 1850], null), null);
});

t.test('the score: weights, penalties, best pair of names, reasons in order', async (t) => {
  const codes = new CodeCache();
  const query = (names: [string, string][], dates: { birth?: string; death?: string } = {}, sex: string | null = null): Query => ({
    names: names.map(([g, s]) => nameOf(g, s)),
    birth: dates.birth ? queryDate(dates.birth) : null,
    death: dates.death ? queryDate(dates.death) : null,
    sex,
  });
  const candidate = (names: [string, string][], birth: string | null = null, death: string | null = null, sex: string | null = null) => ({ names: names.map(([g, s]) => nameOf(g, s)), birth, death, sex });

  t.same(scoreCandidate(query([['William', 'Smith']], { birth: 'ABT 1850' }), candidate([['William', 'Smith']], '1852'), codes), {
    score: 0.987,
    reasons: [
      { field: 'surname', how: 'exact', detail: 'Smith = Smith' },
      { field: 'given', how: 'exact', detail: 'William = William' },
      { field: 'birth', how: 'compatible', detail: '"ABT 1850" and "1852" are 1 years apart, within the slack' },
    ],
  }, '(0.45 + 0.35 + 0.12 x 0.9) / 0.92');
  t.equal(scoreCandidate(query([['William', 'Smith']], { birth: '1850' }), candidate([['William', 'Smith']], '1870'), codes).score, 0.522, '0.8 / 0.92 x 0.6: a conflicting birth');
  t.equal(scoreCandidate(query([['William', 'Smith']], { birth: '1850', death: '1900' }), candidate([['William', 'Smith']], '1870', '1950'), codes).score, 0.288, '0.8 / 1 x 0.36: both conflicting');
  t.equal(scoreCandidate(query([['William', 'Smith']], { birth: '1850' }), candidate([['William', 'Smith']], '1852'), codes).score, 0.909, '(0.8 + 0.12 x 0.3) / 0.92: close');
  t.equal(scoreCandidate(query([['William', 'Smith']], { birth: '1850' }), candidate([['William', 'Smith']]), codes).score, 0.935, '(0.8 + 0.06) / 0.92: unknown');
  t.equal(scoreCandidate(query([['', 'Smith']]), candidate([['Mary', 'Smith']]), codes).score, 1, 'a surname alone');
  t.equal(scoreCandidate(query([['John', 'Smith']]), candidate([['Mary', 'Smith']]), codes).score, 0.563, '0.45 / 0.8: a different given name');
  t.equal(scoreCandidate(query([['John', 'Smith']]), candidate([['', 'Smith']]), codes).score, 0.781, '(0.45 + 0.175) / 0.8');
  t.equal(scoreCandidate(query([['John', '']]), candidate([['John', 'Smith']]), codes).score, 1, 'a given name alone');
  t.equal(scoreCandidate(query([['John', 'Smith']], {}, 'M'), candidate([['John', 'Smith']], null, null, 'F'), codes).score, 0.5, 'male against female halves it');
  t.same(scoreCandidate(query([['John', 'Smith']], {}, 'M'), candidate([['John', 'Smith']], null, null, 'F'), codes).reasons[2], { field: 'sex', how: 'conflicting', detail: 'M ≠ F' });
  t.equal(scoreCandidate(query([['John', 'Smith']], {}, 'M'), candidate([['John', 'Smith']], null, null, 'U'), codes).score, 1, 'U rules nothing out');
  t.equal(scoreCandidate(query([['John', 'Smith']], {}, 'X'), candidate([['John', 'Smith']], null, null, 'M'), codes).score, 1, 'nor does X');
  t.equal(scoreCandidate(query([['John', 'Smith']], {}, 'F'), candidate([['John', 'Smith']], null, null, 'M'), codes).score, 0.5);
  t.equal(scoreCandidate(query([['John', 'Smith']]), candidate([]), codes).score, 0.5, 'a candidate without names: unknown both');
  const best = scoreCandidate(query([['Jno', 'Smyth'], ['John', 'Smith']]), candidate([['Jack', 'Jones'], ['John', 'Smith']]), codes);
  t.same(best, { score: 1, reasons: [{ field: 'surname', how: 'exact', detail: 'Smith = Smith' }, { field: 'given', how: 'exact', detail: 'John = John' }] }, 'the best pair of names');
  t.same(scoreCandidate({ names: [], birth: null, death: null, sex: null }, candidate([['John', 'Smith']]), codes), { score: 0, reasons: [] });
  t.same(scoreCandidate({ names: [nameOf('', '')], birth: null, death: null, sex: null }, candidate([['John', 'Smith']]), codes), { score: 0, reasons: [] }, 'nothing asked');
});

t.test('the quick score agrees with the full one on the easy cases', async (t) => {
  const q = (given: string, surname: string, birth?: string, sex: string | null = null): Query => ({ names: [nameOf(given, surname)], birth: birth ? queryDate(birth) : null, death: null, sex });
  const bounds = (birth?: string) => ({ birth: birth ? yearBounds(queryDate(birth)) : null, death: null });
  const indexed = (given: string, surname: string, birth: [number, number] | null = null, phoneticSurname = false, sex: string | null = null) => ({ names: [nameOf(given, surname)], birth, death: null, sex, phoneticSurname });
  t.equal(preScore(q('John', 'Smith'), bounds(), indexed('John', 'Smith')), 1);
  t.equal(preScore(q('John', 'Smith', '1850'), bounds('1850'), indexed('John', 'Smith', [1850, 1850])), 1);
  t.equal(round(preScore(q('John', 'Smith', '1850'), bounds('1850'), indexed('John', 'Smith', [1852, 1852]))), round((0.8 + 0.12 * 0.3) / 0.92));
  t.equal(round(preScore(q('John', 'Smith', '1850'), bounds('1850'), indexed('John', 'Smith', [1870, 1870]))), round((0.8 / 0.92) * 0.6));
  t.equal(round(preScore(q('John', 'Smith', '1850'), bounds('1850'), indexed('John', 'Smith'))), round(0.86 / 0.92));
  t.equal(round(preScore(q('John', 'Smith'), bounds(), indexed('John', 'Smyth', null, true))), round((0.45 * (0.45 + 0.5 * similarity('smith', 'smyth')) + 0.35) / 0.8), 'a phonetic key counts as Daitch–Mokotoff');
  t.equal(round(preScore(q('John', 'Smith'), bounds(), indexed('John', 'Smyth', null, false))), round((0.45 * similarity('smith', 'smyth') + 0.35) / 0.8), 'without one, Jaro–Winkler if over the threshold');
  t.equal(round(preScore(q('John', 'Smith'), bounds(), indexed('John', 'Jones'))), round(0.35 / 0.8));
  t.equal(round(preScore(q('Bill', 'Smith'), bounds(), indexed('William', 'Smith'))), round((0.45 + 0.35 * 0.9) / 0.8), 'nicknames');
  t.equal(round(preScore(q('Henry', 'Smith'), bounds(), indexed('John Henry', 'Smith'))), round((0.45 + 0.35 * 0.9) / 0.8), 'middle names');
  t.equal(round(preScore(q('Jon', 'Smith'), bounds(), indexed('Jonn', 'Smith'))), round((0.45 + 0.35 * similarity('jon', 'jonn')) / 0.8));
  t.equal(round(preScore(q('John', 'Smith'), bounds(), indexed('Zed', 'Smith'))), round(0.45 / 0.8));
  t.equal(round(preScore(q('John', 'Smith'), bounds(), indexed('', 'Smith'))), round((0.45 + 0.35 * 0.5) / 0.8));
  t.equal(round(preScore(q('John', 'Smith'), bounds(), indexed('John', ''))), round((0.45 * 0.5 + 0.35) / 0.8));
  t.equal(preScore(q('John', 'Smith', undefined, 'M'), bounds(), indexed('John', 'Smith', null, false, 'F')), 0.5);
  t.equal(round(preScore(q('John', 'Smith'), bounds(), { names: [], birth: null, death: null, sex: null, phoneticSurname: false })), round((0.45 * 0.5 + 0.35 * 0.5) / 0.8));
});

t.test('names of personas, and their keys', async (t) => {
  const persona = (name: Record<string, string | null>) => ({ name: { display: '', as_written: null, prefix: null, given: null, nickname: null, surname_prefix: null, surname: null, suffix: null, ...name } });
  const names = namesOfPersonas([
    persona({ given: 'William', surname: 'Smith', nickname: 'Bill' }),
    persona({ given: 'William', surname: 'Smith' }),
    persona({ as_written: 'Jón Sigurðsson' }),
    persona({ as_written: 'John /Smyth/ Jr.' }),
    persona({ as_written: 'Pocahontas' }),
    persona({ as_written: '???' }),
    persona({ surname: 'Jones' }),
  ]);
  t.same(names.map((name) => [name.given, name.surname]), [['William', 'Smith'], ['Bill', 'Smith'], ['Jón', 'Sigurðsson'], ['John Jr.', 'Smyth'], ['Pocahontas', ''], ['', 'Jones']], 'each once, nicknames as given names, names as written split');
  const codes = new CodeCache();
  t.same(surnameKeys(nameOf('', 'van der Berg'), codes), ['s:m:FNTRPRK', 's:d:763979', 's:k:vbdgnr', 's:m:PRK', 's:d:795000', 's:k:bgr']);
  t.same(givenKeys(nameOf('William Henry', ''), codes), ['g:m:ALM', 'g:m:FLM', 'g:k:wlm', 'g:n:william']);
  t.same(givenKeys(nameOf('', 'Smith'), codes), []);
  t.same(keysOf([nameOf('William', 'Smith'), nameOf('Bill', 'Smith')], codes), ['s:m:SM0', 's:m:XMT', 's:d:463000', 's:k:shmt', 'g:m:ALM', 'g:m:FLM', 'g:k:wlm', 'g:n:william', 'g:m:PL', 'g:k:bl']);
  t.equal(codes.of('smith'), codes.of('smith'), 'codes are computed once per word');
  t.equal(surnameKeys(nameOf('', 'Smith'), codes)[0], 's:m:SM0');
  t.equal(codes.keysOf('s', 'smith', () => ['other']), codes.keysOf('s', 'smith', () => ['again']), 'keys once per kind and word');
  t.same(codes.keysOf('g', 'smith', () => ['given']), ['given'], 'kinds apart');
});

t.test('the nickname groups promised: every form finds its fullest name, and nothing else is a nickname', async (t) => {
  // What a genealogist can rely on, written out here rather than read from the table: each line
  // is a group's fullest form, then the forms that stand for it (diminutives, clerks'
  // abbreviations, the same name in emigrants' languages).
  const promised = [
    'william: will willy willie bill billy wm wilhelm willem guillaume guillermo liam',
    'john: jack johnny jno jon johann johannes jan hans juan giovanni jean ian sean evan',
    'james: jim jimmy jamie jas jacques diego giacomo',
    'thomas: tom tommy thos tomas',
    'charles: charlie chas carl karl carlos carlo',
    'robert: rob robbie bob bobby robt bert robin',
    'richard: dick rick rich richd ricardo',
    'edward: ed eddie ted ned edw eduard eduardo',
    'henry: harry hal hank heinrich hendrik henri enrique',
    'joseph: joe jos josef jose giuseppe',
    'benjamin: ben benj benny',
    'samuel: sam saml sammy',
    'daniel: dan danl danny',
    'george: geo georg jorge georges',
    'frederick: fred freddie fredk fritz friedrich frederik',
    'alexander: alex alec sandy alexr alejandro alessandro',
    'christopher: chris kit christoph christr',
    'nicholas: nick nicolaas nikolaus klaus claus nicolas',
    'patrick: pat paddy padraig',
    'michael: mike mick michl michel miguel michele',
    'peter: pete pieter petrus pierre pedro pietro',
    'jacob: jake jakob jacobus jacques',
    'isaac: ike isaak',
    'abraham: abe abram',
    'margaret: peggy maggie meg madge greta gretchen margarethe margarita marguerite margt',
    'elizabeth: eliza liz lizzie beth betty betsy bess bessie elisabeth elsbeth elspeth lisa elisa eliz isabel',
    'catherine: kate katie kitty cathy katherine katharine catharine kathryn katharina catalina caterina',
    'mary: polly molly mae mamie maria marie mair maire',
    'ann: anne anna annie nancy nan hannah',
    'johanna: joanna joan jo hannah jane jean jennie janet',
    'sarah: sally sadie sara',
    'susan: sue susie susanna susannah suzanne',
    'martha: patsy mattie marthe',
    'dorothy: dolly dot dora dorothea',
    'eleanor: ellen nell nellie elinor eleonore leonora nora',
    'helen: helena ellen nell nellie lena elena helene',
    'frances: fanny fran franziska francesca',
    'francis: frank franz francois francisco francesco',
    'caroline: carrie carolina karoline',
    'rebecca: becky rebekah',
    'deborah: debby debora',
    'abigail: abby nabby',
    'louisa: louise lou luise luisa',
    'lewis: louis ludwig luis luigi',
    'anthony: tony antony anton antonio antoine',
    'stephen: steven steve stephan stefan esteban etienne',
    'matthew: matt mathew matthias mathias mateo matteo',
    'andrew: andy drew andreas andres andre andrea',
    'paul: paulus pablo paolo',
    'hugh: hugo hughie',
    'lawrence: laurence larry lorenz lorenzo laurent',
  ];
  const expected = new Map<string, string[]>();
  for (const line of promised) {
    const [head, forms] = line.split(': ') as [string, string];
    for (const form of [head, ...forms.split(' ')]) expected.set(form, [...(expected.get(form) ?? []), head]);
  }
  for (const [form, heads] of expected) t.same(nicknameGroups(form), heads, form);
  t.same(nicknameGroups(''), [], 'the empty name is in no group');
  t.equal(sharedGroup('wm', 'william'), 'william');
});
