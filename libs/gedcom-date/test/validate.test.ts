import t from 'tap';
import { isValidGedcomDate, validateGedcomDate } from '../src/index.js';

t.test('GEDCOM 7.0: valid', async (t) => {
  for (const text of [
    '', '1850', 'MAR 1850', '12 MAR 1850', '44 BCE', 'JULIAN 15 MAR 44 BCE', 'GREGORIAN 29 FEB 2000',
    'JULIAN 29 FEB 1900', 'HEBREW 30 ADR 5784', 'HEBREW ADR 5783', 'FRENCH_R 6 COMP 3', 'ABT 1850', 'CAL 1850', 'EST 1850',
    'BEF 1850', 'AFT 1850', 'BET 1850 AND 1860', 'FROM 1850', 'TO 1860', 'FROM 1850 TO JULIAN 1860',
    '_ROMAN 753', '_UNKNOWN 10 _MONTH 55', '_X 5 _M 99 _EPOCH', 'GREGORIAN 5 _EXTMONTH 1850', '0012 MAR 01850',
  ]) {
    t.same(validateGedcomDate(text, '7.0'), { valid: true, errors: [] }, JSON.stringify(text));
  }
});

t.test('GEDCOM 7.0: invalid, with the reason', async (t) => {
  const table: Array<[string, string]> = [
    ['12 mar 1850', 'syntax'],
    ['12  MAR 1850', 'syntax'],
    [' 1850', 'syntax'],
    ['1850/51', 'dual-year'],
    ['1850 B.C.', 'syntax'],
    ['@#DJULIAN@ 1850', 'syntax'],
    ['INT 1850 (phrase)', 'syntax'],
    ['(phrase)', 'syntax'],
    ['MAR', 'syntax'],
    ['12 MAR', 'syntax'],
    ['1 2 MAR 1850', 'syntax'],
    ['BET 1850', 'syntax'],
    ['BET 1850 TO 1860', 'syntax'],
    ['ABT BEF 1850', 'syntax'],
    ['FROM 1850 AND 1860', 'syntax'],
    ['0 1850', 'syntax'],
    ['HEBREW 5 VEND 5784', 'month'],
    ['JULIAN 5 TSH 1850', 'month'],
    ['31 NOV 1850', 'day'],
    ['29 FEB 1900', 'day'],
    ['0 JAN 1850', 'day'],
    ['FRENCH_R 13 COMP 25', 'day'],
    ['HEBREW 30 ADS 5784', 'day'],
    ['0', 'year'],
    ['HEBREW 5784 BCE', 'epoch'],
    ['1850 _AD', 'epoch'],
  ];
  for (const [text, code] of table) {
    const result = validateGedcomDate(text, '7.0');
    t.equal(result.valid, false, text);
    t.equal(result.errors[0]?.code, code, `${text}: ${result.errors[0]?.message}`);
  }
});

t.test('GEDCOM 5.5.1: valid', async (t) => {
  for (const text of [
    '1850', '12 MAR 1850', '1401 B.C.', '1401B.C.', '1699/00', '30 JAN 1648/49', '8 JAN 1699/00', 'ABT 1699/00',
    '@#DJULIAN@ 12 MAR 1750', '@#DJULIAN@ 753 B.C.', '@#DHEBREW@ 2 TVT 5758', '@#DFRENCH R@ 5 VEND 0010',
    '@#DROMAN@ 753', '@#DUNKNOWN@ 5 XYZ 1850', '@#DGREGORIAN@ 1850', 'FROM 1850 TO @#DJULIAN@ 1860',
    'BET JAN 1699/00 AND FEB 1699/00', 'INT 1850 (from his age)', 'INT @#DJULIAN@ 1750 (Old Style)', '(No idea of the date)', '()',
  ]) {
    t.same(validateGedcomDate(text, '5.5.1'), { valid: true, errors: [] }, text);
  }
});

t.test('GEDCOM 5.5.1: invalid, with the reason', async (t) => {
  const table: Array<[string, string]> = [
    ['', 'syntax'],
    ['JULIAN 1750', 'calendar'],
    ['_ROMAN 753', 'calendar'],
    ['@#DCHINESE@ 1750', 'calendar'],
    ['1701/99', 'dual-year'],
    ['1751/9', 'dual-year'],
    ['1751/1752', 'dual-year'],
    ['@#DJULIAN@ 1750/51', 'dual-year'],
    ['12 AUG 1401 B.C.', 'epoch'],
    ['@#DJULIAN@ 90', 'year'],
    ['@#DHEBREW@ 12345', 'year'],
    ['123 MAR 1850', 'syntax'],
    ['INT 1850', 'syntax'],
    ['INT (phrase)', 'syntax'],
    ['31 APR 1850', 'day'],
    ['@#DHEBREW@ 5 JAN 5784', 'month'],
  ];
  for (const [text, code] of table) {
    const result = validateGedcomDate(text, '5.5.1');
    t.equal(result.valid, false, text);
    t.equal(result.errors[0]?.code, code, `${text}: ${result.errors[0]?.message}`);
  }
});

t.test('isValidGedcomDate is the boolean of validateGedcomDate', async (t) => {
  t.equal(isValidGedcomDate('12 MAR 1850', '7.0'), true);
  t.equal(isValidGedcomDate('12 Mar 1850', '7.0'), false);
  t.equal(isValidGedcomDate('1750/51', '5.5.1'), true);
  t.equal(isValidGedcomDate('1750/51', '7.0'), false);
  t.equal(isValidGedcomDate(undefined as unknown as string, '7.0'), true, 'a missing payload is the empty date');
});
