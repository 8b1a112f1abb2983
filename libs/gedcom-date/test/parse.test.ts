import t from 'tap';
import { parseGedcomDate, type DatePart, type GedcomDate } from '../src/index.js';

/** A compact picture of a parse: kind, qualifier and each part as `CAL day MONTH year[/dual] [BCE]`. */
function picture(date: GedcomDate): string {
  const part = (p?: DatePart) =>
    p ? [p.calendar, p.day, p.month, `${p.year}${p.dualYear ? `/${p.dualYear}` : ''}`, p.bce ? 'BCE' : '', p.epoch].filter((x) => x !== undefined && x !== '').join(' ') : '-';
  switch (date.kind) {
    case 'phrase':
      return `phrase "${date.phrase}"`;
    case 'date':
      return `date ${part(date.date)}${date.phrase ? ` "${date.phrase}"` : ''}`;
    case 'interpreted':
      return `interpreted ${part(date.date)} "${date.phrase}"`;
    case 'approx':
      return `approx ${date.qualifier} ${part(date.date)}`;
    default:
      return `${date.kind} ${date.qualifier} ${part(date.from)} | ${part(date.to)}`;
  }
}

t.test('GEDCOM 7.0 forms', async (t) => {
  const table: Array<[string, string]> = [
    ['1850', 'date GREGORIAN 1850'],
    ['MAR 1850', 'date GREGORIAN MAR 1850'],
    ['12 MAR 1850', 'date GREGORIAN 12 MAR 1850'],
    ['GREGORIAN 12 MAR 1850', 'date GREGORIAN 12 MAR 1850'],
    ['44 BCE', 'date GREGORIAN 44 BCE'],
    ['JULIAN 15 MAR 44 BCE', 'date JULIAN 15 MAR 44 BCE'],
    ['HEBREW 1 TSH 5784', 'date HEBREW 1 TSH 5784'],
    ['HEBREW ADS 5783', 'date HEBREW ADS 5783'],
    ['FRENCH_R 18 BRUM 8', 'date FRENCH_R 18 BRUM 8'],
    ['FRENCH_R 6 COMP 3', 'date FRENCH_R 6 COMP 3'],
    ['ABT 1850', 'approx ABT GREGORIAN 1850'],
    ['CAL JULIAN 1750', 'approx CAL JULIAN 1750'],
    ['EST 12 MAR 1850', 'approx EST GREGORIAN 12 MAR 1850'],
    ['BEF 1850', 'range BEF - | GREGORIAN 1850'],
    ['AFT JUN 1850', 'range AFT GREGORIAN JUN 1850 | -'],
    ['BET 1850 AND 1860', 'range BET GREGORIAN 1850 | GREGORIAN 1860'],
    ['BET JULIAN 1700 AND 1710', 'range BET JULIAN 1700 | GREGORIAN 1710'],
    ['FROM 1850', 'period FROM GREGORIAN 1850 | -'],
    ['TO 1860', 'period TO - | GREGORIAN 1860'],
    ['FROM 1850 TO HEBREW 5620', 'period FROM_TO GREGORIAN 1850 | HEBREW 5620'],
    ['_UNKNOWN 10 _MONTH 55', 'date _UNKNOWN 10 _MONTH 55'],
    ['BET _ROMAN 3 _MONTH 61 AND 100 BCE', 'range BET _ROMAN 3 _MONTH 61 | GREGORIAN 100 BCE'],
    ['12 MAR 1850 _XEPOCH', 'date GREGORIAN 12 MAR 1850 _XEPOCH'],
    ['', 'phrase ""'],
  ];
  for (const [text, expected] of table) t.equal(picture(parseGedcomDate(text)), expected, text);
});

t.test('GEDCOM 5.5.1 forms', async (t) => {
  const table: Array<[string, string]> = [
    ['@#DJULIAN@ 12 MAR 1750', 'date JULIAN 12 MAR 1750'],
    ['@#DGREGORIAN@ 1750', 'date GREGORIAN 1750'],
    ['@#DHEBREW@ 2 TVT 5758', 'date HEBREW 2 TVT 5758'],
    ['@#DFRENCH R@ 1 VEND 1', 'date FRENCH_R 1 VEND 1'],
    ['@#DROMAN@ 753', 'date _ROMAN 753'],
    ['@#DUNKNOWN@ 5 _MONTH 16', 'date _UNKNOWN 5 _MONTH 16'],
    ['1401 B.C.', 'date GREGORIAN 1401 BCE'],
    ['1401B.C.', 'date GREGORIAN 1401 BCE'],
    ['12 AUG 1401 B.C.', 'date GREGORIAN 12 AUG 1401 BCE'],
    ['1750/51', 'date GREGORIAN 1750/1751'],
    ['30 JAN 1648/49', 'date GREGORIAN 30 JAN 1648/1649'],
    ['1699/00', 'date GREGORIAN 1699/1700'],
    ['BET 5 APR 1712/13 AND 28 SEP 1714/15', 'range BET GREGORIAN 5 APR 1712/1713 | GREGORIAN 28 SEP 1714/1715'],
    ['INT 1850 (from his age at death)', 'interpreted GREGORIAN 1850 "from his age at death"'],
    ['INT 2 TVT 5758 (interpreted Hebrew date)', 'interpreted HEBREW 2 TVT 5758 "interpreted Hebrew date"'],
    ['(No idea of the date)', 'phrase "No idea of the date"'],
    ['(a (nested) phrase)', 'phrase "a (nested) phrase"'],
    ['FROM 25 SVN 5757 TO 26 IYR 5757', 'period FROM_TO HEBREW 25 SVN 5757 | HEBREW 26 IYR 5757'],
    ['5 VEND 0010', 'date FRENCH_R 5 VEND 10'],
  ];
  for (const [text, expected] of table) t.equal(picture(parseGedcomDate(text)), expected, text);
});

t.test('tolerant spellings', async (t) => {
  const table: Array<[string, string]> = [
    ['  12   mar   1850 ', 'date GREGORIAN 12 MAR 1850'],
    ['12 Mar 1850', 'date GREGORIAN 12 MAR 1850'],
    ['March 12, 1850', 'date GREGORIAN 12 MAR 1850'],
    ['12th March 1850', 'date GREGORIAN 12 MAR 1850'],
    ['Sept. 1850', 'date GREGORIAN SEP 1850'],
    ['1850-03-12', 'date GREGORIAN 12 MAR 1850'],
    ['1850-03', 'date GREGORIAN MAR 1850'],
    ['abt. 1850', 'approx ABT GREGORIAN 1850'],
    ['about 1850', 'approx ABT GREGORIAN 1850'],
    ['circa 1850', 'approx ABT GREGORIAN 1850'],
    ['c. 1850', 'approx ABT GREGORIAN 1850'],
    ['before 1850', 'range BEF - | GREGORIAN 1850'],
    ['Bef. 3 Jan 1850', 'range BEF - | GREGORIAN 3 JAN 1850'],
    ['after 1850', 'range AFT GREGORIAN 1850 | -'],
    ['between 1850 and 1860', 'range BET GREGORIAN 1850 | GREGORIAN 1860'],
    ['BET 1850 - 1860', 'range BET GREGORIAN 1850 | GREGORIAN 1860'],
    ['from 1850 to 1860', 'period FROM_TO GREGORIAN 1850 | GREGORIAN 1860'],
    ['44 BC', 'date GREGORIAN 44 BCE'],
    ['44 B.C.E.', 'date GREGORIAN 44 BCE'],
    ['44 B. C.', 'date GREGORIAN 44 BCE'],
    ['1066 AD', 'date GREGORIAN 1066'],
    ['julian 12 mar 1750', 'date JULIAN 12 MAR 1750'],
    ['@#dfrench r@ 1 vend 1', 'date FRENCH_R 1 VEND 1'],
    ['1 Vendémiaire 1', 'date FRENCH_R 1 VEND 1'],
    ['15 Nisan 5784', 'date HEBREW 15 NSN 5784'],
    ['2 TVT 5758', 'date HEBREW 2 TVT 5758'],
    ['ROMAN 753', 'date _ROMAN 753'],
    ['@#DJULIAN@ BET 1700 AND 1710', 'range BET JULIAN 1700 | JULIAN 1710'],
    ['ABT 1850 (per the 1880 census)', 'date-with-phrase'],
  ];
  for (const [text, expected] of table) {
    const date = parseGedcomDate(text);
    if (expected === 'date-with-phrase') {
      t.equal(date.kind, 'approx', text);
      t.equal(date.phrase, 'per the 1880 census', text);
    } else t.equal(picture(date), expected, text);
  }
});

t.test('every spelling of every month names its month', async (t) => {
  const names: Record<string, Record<string, string[]>> = {
    GREGORIAN: {
      JAN: ['JAN', 'January'], FEB: ['FEB', 'February'], MAR: ['MAR', 'March'], APR: ['APR', 'April'], MAY: ['MAY'],
      JUN: ['JUN', 'June'], JUL: ['JUL', 'July'], AUG: ['AUG', 'August'], SEP: ['SEP', 'Sept', 'September'],
      OCT: ['OCT', 'October'], NOV: ['NOV', 'November'], DEC: ['DEC', 'December'],
    },
    HEBREW: {
      TSH: ['TSH', 'Tishrei', 'Tishri'], CSH: ['CSH', 'Cheshvan', 'Heshvan', 'Marcheshvan', 'Marheshvan'], KSL: ['KSL', 'Kislev'],
      TVT: ['TVT', 'Tevet', 'Teveth'], SHV: ['SHV', 'Shevat', 'Shvat'], ADR: ['ADR'], ADS: ['ADS'], NSN: ['NSN', 'Nisan'],
      IYR: ['IYR', 'Iyar', 'Iyyar'], SVN: ['SVN', 'Sivan'], TMZ: ['TMZ', 'Tammuz', 'Tamuz'], AAV: ['AAV', 'Av'], ELL: ['ELL', 'Elul'],
    },
    FRENCH_R: {
      VEND: ['VEND', 'Vendémiaire'], BRUM: ['BRUM', 'Brumaire'], FRIM: ['FRIM', 'Frimaire'], NIVO: ['NIVO', 'Nivôse'],
      PLUV: ['PLUV', 'Pluviôse'], VENT: ['VENT', 'Ventôse'], GERM: ['GERM', 'Germinal'], FLOR: ['FLOR', 'Floréal'],
      PRAI: ['PRAI', 'Prairial'], MESS: ['MESS', 'Messidor'], THER: ['THER', 'Thermidor'], FRUC: ['FRUC', 'Fructidor'],
      COMP: ['COMP', 'Complémentaire', 'Sansculottide'],
    },
  };
  const year = { GREGORIAN: 1850, HEBREW: 5784, FRENCH_R: 3 } as Record<string, number>;
  for (const [calendar, months] of Object.entries(names)) {
    for (const [code, spellings] of Object.entries(months)) {
      for (const spelling of spellings) {
        const text = `${calendar} 1 ${spelling} ${year[calendar]}`;
        t.equal(picture(parseGedcomDate(text)), `date ${calendar} 1 ${code} ${year[calendar]}`, text);
      }
    }
  }
  const iso = Object.keys(names.GREGORIAN).map((_, index) => picture(parseGedcomDate(`1850-${String(index + 1).padStart(2, '0')}-01`)));
  t.same(iso, Object.keys(names.GREGORIAN).map((code) => `date GREGORIAN 1 ${code} 1850`), 'an ISO date of each month');
});

t.test('an extension calendar takes its own month words', async (t) => {
  t.equal(picture(parseGedcomDate('_MAYAN 5 POP 1000')), 'date _MAYAN 5 POP 1000', 'a word of standard tag form');
  t.equal(picture(parseGedcomDate('_MAYAN 5 _UO 1000')), 'date _MAYAN 5 _UO 1000', 'an extension tag');
  t.equal(parseGedcomDate('GREGORIAN 5 POP 1000').kind, 'phrase', 'a known calendar takes only its own months');
  t.equal(parseGedcomDate('JULIAN 5 _UO 1000').kind, 'date', 'an extension month is taken in any calendar');
});

t.test('texts that are not dates stay phrases, verbatim', async (t) => {
  for (const text of ['10 JAN', 'unknown', 'Spring', 'BET 1850', 'BEF ABT 1850', 'JULIAN 5 VEND 1800', '12/03/1850', 'FROM TO 1850', 'ABT']) {
    const date = parseGedcomDate(text);
    t.equal(date.kind, 'phrase', text);
    t.equal(date.phrase, text, `${text} is kept`);
    t.equal(date.start, undefined);
    t.equal(date.calendar, 'GREGORIAN', 'a phrase is in the default calendar');
  }
});

t.test('bounds and warnings', async (t) => {
  const bet = parseGedcomDate('BET 1850 AND 1860');
  t.equal(bet.start?.first, parseGedcomDate('1 JAN 1850').start?.first);
  t.equal(bet.end?.last, parseGedcomDate('31 DEC 1860').start?.first);
  const bef = parseGedcomDate('BEF 1850');
  t.equal(bef.start, undefined, 'BEF has no lower bound');
  t.same(bef.end, parseGedcomDate('1850').start);
  t.equal(parseGedcomDate('AFT 1850').end, undefined, 'AFT has no upper bound');

  const dual = parseGedcomDate('30 JAN 1648/49');
  t.same(dual.start, parseGedcomDate('30 JAN 1649').start, 'a valid dual year reads as the later year');
  t.same(dual.kind === 'date' && dual.date.alternative, parseGedcomDate('30 JAN 1648').start, 'the literal year is the alternative');
  t.same(dual.warnings, []);

  const bad = parseGedcomDate('JAN 1701/99');
  t.same(bad.start, parseGedcomDate('JAN 1701').start, 'an invalid dual year keeps the literal year');
  t.same(bad.kind === 'date' && bad.date.alternative, parseGedcomDate('JAN 1799').start);
  t.match(bad.warnings.join(), /1701\/99 is not 1701\/02/);

  const nov = parseGedcomDate('31 NOV 1850');
  t.same(nov.start, parseGedcomDate('NOV 1850').start, 'an impossible day widens to its month');
  t.match(nov.warnings.join(), /day 31 is outside NOV 1850/);
  const zero = parseGedcomDate('0 NOV 1850');
  t.same(zero.start, parseGedcomDate('NOV 1850').start, 'so does a day 0');
  t.match(zero.warnings.join(), /day 0 is outside NOV 1850 \(1-30\)/);

  const roman = parseGedcomDate('_ROMAN 753');
  t.equal(roman.start, undefined, 'no days for an extension calendar');
  t.equal(roman.kind, 'date');

  t.match(parseGedcomDate('2 TVT 5758').warnings.join(), /implies the HEBREW calendar/);
  t.match(parseGedcomDate('BET 1860 AND 1850').warnings.join(), /later date is written first/);
  t.match(parseGedcomDate('INT 1850').warnings.join(), /INT without a \(phrase\)/);
  t.match(parseGedcomDate('(unclosed').warnings.join(), /no closing parenthesis/);
  t.equal(parseGedcomDate('0 BCE').start, undefined, 'there is no year 0');
  t.equal(parseGedcomDate('HEBREW 5 BCE').start, undefined, 'no BCE in the Hebrew calendar');
  t.equal(parseGedcomDate('12 MAR 1850').text, '12 MAR 1850');
});

t.test('never throws, whatever it is given', async (t) => {
  for (const value of [undefined, null, 42, {}, '\u0000', ')(', '@#D', '@#DFOO@ 1850', '9'.repeat(400)]) {
    t.doesNotThrow(() => parseGedcomDate(value as unknown as string));
  }
  t.equal(parseGedcomDate('@#DFOO@ 1850').calendar, '_FOO');
  t.equal(parseGedcomDate('9'.repeat(400)).start, undefined);
});

t.test('a GEDCOM 7 PHRASE substructure can be passed along', async (t) => {
  const withPhrase = parseGedcomDate('30 JAN 1649', { phrase: '30 January 1648/49' });
  t.equal(withPhrase.kind, 'date');
  t.equal(withPhrase.phrase, '30 January 1648/49');
  t.same(withPhrase.warnings, []);
  const only = parseGedcomDate('', { phrase: '5 January (year unknown)' });
  t.equal(only.kind, 'phrase');
  t.equal(only.phrase, '5 January (year unknown)');
  const lost = parseGedcomDate('spring', { phrase: 'in the spring' });
  t.equal(lost.phrase, 'in the spring');
  t.match(lost.warnings.join(), /not a date: spring/);
  t.equal(parseGedcomDate('1850', { phrase: '' }).phrase, undefined);
});

t.test('phrases keep their text as written', async (t) => {
  t.equal(parseGedcomDate('  not   a  date ').phrase, 'not   a  date');
  t.equal(parseGedcomDate('INT 1850 (from  his  age)').phrase, 'from  his  age');
  t.equal(parseGedcomDate('(No  idea)').phrase, 'No  idea');
  const bef = parseGedcomDate('BEF _ROMAN 753');
  t.notOk('start' in bef || 'end' in bef, 'no bounds at all for an unconvertible date');
});
