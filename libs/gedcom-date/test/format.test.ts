import t from 'tap';
import { formatGedcomDate, parseGedcomDate, toGedcom7, validateGedcomDate } from '../src/index.js';

const v7 = (text: string) => formatGedcomDate(parseGedcomDate(text));
const v551 = (text: string) => formatGedcomDate(parseGedcomDate(text), { version: '5.5.1' });

t.test('canonical GEDCOM 7.0', async (t) => {
  const table: Array<[string, string]> = [
    ['12 MAR 1850', '12 MAR 1850'],
    ['  abt.  march 12, 1850 ', 'ABT 12 MAR 1850'],
    ['GREGORIAN 1850', '1850'],
    ['@#DJULIAN@ 12 MAR 1750', 'JULIAN 12 MAR 1750'],
    ['FROM 1670 TO @#DJULIAN@ 1800', 'FROM GREGORIAN 1670 TO JULIAN 1800'],
    ['FROM GREGORIAN 1670 TO GREGORIAN 1800', 'FROM 1670 TO 1800'],
    ['BET 1850 AND 1860', 'BET 1850 AND 1860'],
    ['before 1850', 'BEF 1850'],
    ['after 1850', 'AFT 1850'],
    ['TO 1860', 'TO 1860'],
    ['FROM 1850', 'FROM 1850'],
    ['1401 B.C.', '1401 BCE'],
    ['30 JAN 1648/49', '30 JAN 1649'],
    ['1699/00', '1700'],
    ['JAN 1701/99', 'JAN 1701'],
    ['HEBREW 14 ADR 5783', 'HEBREW 14 ADS 5783'],
    ['HEBREW 14 ADR 5784', 'HEBREW 14 ADR 5784'],
    ['@#DFRENCH R@ 5 VEND 0010', 'FRENCH_R 5 VEND 10'],
    ['@#DROMAN@ 753', '_ROMAN 753'],
    ['INT 1850 (from his age)', '1850'],
    ['(no idea)', ''],
    ['garbage', ''],
    ['12 MAR 1850 _XEPOCH', '12 MAR 1850 _XEPOCH'],
  ];
  for (const [text, expected] of table) t.equal(v7(text), expected, text);
});

t.test('GEDCOM 5.5.1', async (t) => {
  const table: Array<[string, string]> = [
    ['12 MAR 1850', '12 MAR 1850'],
    ['JULIAN 12 MAR 1750', '@#DJULIAN@ 12 MAR 1750'],
    ['FRENCH_R 1 VEND 1', '@#DFRENCH R@ 1 VEND 0001'],
    ['5 VEND 0010', '@#DFRENCH R@ 5 VEND 0010'],
    ['HEBREW TSH 5784', '@#DHEBREW@ TSH 5784'],
    ['JULIAN 850', '@#DJULIAN@ 0850'],
    ['_UNKNOWN 5', '@#DUNKNOWN@ 0005'],
    ['_MAYAN 5', '@#DMAYAN@ 0005'],
    ['44 BCE', '44 B.C.'],
    ['30 JAN 1648/49', '30 JAN 1648/49'],
    ['1699/00', '1699/00'],
    ['INT 1850 (from his age)', 'INT 1850 (from his age)'],
    ['1850 (from his age)', 'INT 1850 (from his age)'],
    ['(no idea)', '(no idea)'],
    ['garbage text', '(garbage text)'],
    ['', ''],
    ['BET 1850 AND 1860', 'BET 1850 AND 1860'],
  ];
  for (const [text, expected] of table) t.equal(v551(text), expected, text);
});

t.test('GEDCOM 5.5.1: what its DATE_VALUE cannot say, said the nearest way it can, and valid', async (t) => {
  const table: Array<[string, string, string]> = [
    ['1056/1060', 'BET 1056 AND 1060', 'two years that are not a dual year (royal92): between them, not the malformed dual year 1056/60'],
    ['ABT 1103/1105', 'BET 1103 AND 1105', '... approximate: the range says it'],
    ['ABT 1103/1104', 'ABT 1103/04', 'a dual year written in full is still a dual year'],
    ['1027/1028', '1027/28', ''],
    ['BEF 1056/1060', 'BEF 1060', 'a bound keeps both years inside'],
    ['AFT 1056/1060', 'AFT 1056', ''],
    ['BET 1056/1060 AND 1070', 'BET 1056 AND 1070', ''],
    ['1401/1408 B.C.', 'BET 1408 B.C. AND 1401 B.C.', 'earlier first: B.C., the larger year'],
    ['5 MAY 0005 B.C.', 'INT 5 B.C. (5 MAY 5 B.C.)', 'B.C. follows a year alone (TGC551): the year, the whole date its phrase'],
    ['5 AUG 1100 B.C.', 'INT 1100 B.C. (5 AUG 1100 B.C.)', ''],
    ['ABT 5 MAY 5 B.C.', 'ABT 5 B.C.', ''],
    ['FROM 5 MAY 10 B.C. TO 3 B.C.', 'FROM 10 B.C. TO 3 B.C.', ''],
  ];
  for (const [text, expected, why] of table) {
    t.equal(v551(text), expected, `${text}${why ? `: ${why}` : ''}`);
    t.same(validateGedcomDate(expected, '5.5.1').errors, [], `${expected} is valid 5.5.1`);
  }
});

t.test('toGedcom7 keeps what the payload cannot carry in a PHRASE', async (t) => {
  t.same(toGedcom7(parseGedcomDate('12 MAR 1850')), { date: '12 MAR 1850', phrase: null });
  t.same(toGedcom7(parseGedcomDate('30 JAN 1648/49')), { date: '30 JAN 1649', phrase: '30 JAN 1648/49' });
  t.same(toGedcom7(parseGedcomDate('INT 1850 (from his age)')), { date: '1850', phrase: 'from his age' });
  t.same(toGedcom7(parseGedcomDate('(no idea)')), { date: '', phrase: 'no idea' });
  t.same(toGedcom7(parseGedcomDate('sometime in spring')), { date: '', phrase: 'sometime in spring' });
  t.same(toGedcom7(parseGedcomDate('')), { date: '', phrase: null });
});

t.test('format then parse gives the same days', async (t) => {
  for (const text of ['@#DJULIAN@ 12 MAR 1750', '30 JAN 1648/49', 'HEBREW 14 ADR 5783', 'BET 1850 AND @#DFRENCH R@ 3', 'ABT 44 B.C.']) {
    const first = parseGedcomDate(text);
    for (const version of ['7.0', '5.5.1'] as const) {
      const again = parseGedcomDate(formatGedcomDate(first, { version }));
      t.same([again.start, again.end], [first.start, first.end], `${text} via ${version}`);
    }
  }
});
