import t from 'tap';
import { compareDates, parseGedcomDate, sortDate } from '../src/index.js';

t.test('the sort key rule', async (t) => {
  const table: Array<[string, string | null]> = [
    ['1850', '1850-01-01:12'],
    ['BEF 1850', '1850-01-01:10'],
    ['ABT 1850', '1850-01-01:13'],
    ['BET 1850 AND 1860', '1850-01-01:11'],
    ['MAR 1850', '1850-03-01:22'],
    ['12 MAR 1850', '1850-03-12:32'],
    ['AFT 1850', '1850-12-31:91'],
    ['AFT 12 MAR 1850', '1850-03-12:93'],
    ['INT 12 MAR 1850 (the 12th, read from a torn page)', '1850-03-12:32'],
    ['INT 1850 (eighteen fifty)', '1850-01-01:12'],
    ['TO 1860', '1860-01-01:10'],
    ['JULIAN 4 OCT 1582', '1582-10-14:32'],
    ['HEBREW 1 TSH 5784', '2023-09-16:32'],
    ['FRENCH_R 1 VEND 1', '1792-09-22:32'],
    ['44 BCE', '-9957-01-01:12'],
    ['1 BCE', '0000-01-01:12'],
    ['30 JAN 1648/49', '1649-01-30:32'],
    ['(no idea)', null],
    ['_ROMAN 753', null],
    ['', null],
  ];
  for (const [text, key] of table) t.equal(sortDate(parseGedcomDate(text)), key, text);
});

t.test('a shuffled list of mixed dates sorts chronologically', async (t) => {
  const ordered = [
    '100 BCE',
    '44 BCE',
    '1 BCE',
    'JULIAN 25 DEC 800',
    'BEF 1582',
    'JULIAN 4 OCT 1582',
    '15 OCT 1582',
    '30 JAN 1648/49',
    'FRENCH_R 1 VEND 1',
    'FRENCH_R 18 BRUM 8',
    'BEF 1850',
    'BET 1850 AND 1860',
    '1850',
    'ABT 1850',
    'CAL 1850',
    'JAN 1850',
    '1 JAN 1850',
    '12 MAR 1850',
    'AFT 1850',
    'FROM 1851 TO 1855',
    'HEBREW 5620',
    'TO 1860',
    'HEBREW 1 TSH 5784',
    '(no idea)',
    'sometime',
  ];
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let round = 0; round < 20; round++) {
    const shuffled = [...ordered].sort(() => random() - 0.5);
    const sorted = shuffled.map((text) => parseGedcomDate(text)).sort(compareDates).map((d) => d.text);
    t.same(sorted, ordered, `round ${round}`);
  }
});

t.test('sort keys order as plain strings', async (t) => {
  const keys = ['BEF 1850', '1850', 'ABT 1850', 'AFT 1850', '1851'].map((x) => sortDate(parseGedcomDate(x)) as string);
  t.same([...keys].sort(), keys);
  t.equal(compareDates(parseGedcomDate('1850'), parseGedcomDate('1850')), 0);
  t.equal(sortDate(parseGedcomDate('ABT 1850')), sortDate(parseGedcomDate('CAL 1850')), 'ABT, CAL and EST share a key');
  t.ok(compareDates(parseGedcomDate('ABT 1850'), parseGedcomDate('CAL 1850')) < 0, 'the comparator breaks ties by text');
  t.ok(compareDates(parseGedcomDate('(b)'), parseGedcomDate('(a)')) > 0);
});
