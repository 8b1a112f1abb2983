import t from 'tap';
import { formatGedcomDate, isPlainDate, parseGedcomDate, toGedcom7 } from '../src/index.js';

/** What a writer of each version makes of a date, the long way. */
const written = (text: string) => {
  const parsed = parseGedcomDate(text);
  const seven = toGedcom7(parsed);
  return { seven: seven.phrase ? `${seven.date} (${seven.phrase})` : seven.date, five: formatGedcomDate(parsed, { version: '5.5.1' }) };
};

const MODIFIERS = ['', 'ABT ', 'CAL ', 'EST ', 'BEF ', 'AFT '];
const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const YEARS = ['1', '9', '10', '99', '100', '999', '1066', '1582', '1752', '1800', '1900', '2000', '2024', '9999'];

t.test('every plain date is written back as it stands, in 7.0 and in 5.5.1', async (t) => {
  let checked = 0;
  const differing: string[] = [];
  for (const modifier of MODIFIERS) {
    for (const year of YEARS) {
      const forms = [year, ...MONTHS.flatMap((month) => [`${month} ${year}`, ...Array.from({ length: 31 }, (_, day) => `${day + 1} ${month} ${year}`)])];
      for (const form of forms) {
        const text = `${modifier}${form}`;
        if (!isPlainDate(text)) {
          differing.push(`not plain: ${text}`);
          continue;
        }
        checked++;
        const back = written(text);
        if (back.seven !== text || back.five !== text) differing.push(`${text} -> ${back.seven} / ${back.five}`);
      }
    }
  }
  t.same(differing, [], 'none written otherwise (and every one of these is plain)');
  t.equal(checked, MODIFIERS.length * YEARS.length * (1 + 12 * 32));
});

t.test('what a writer changes, or what is not a plain Gregorian date, is not plain', async (t) => {
  const others = [
    '', 'ABT', '0', '0850', '01 MAR 1850', '0 MAR 1850', '32 MAR 1850', '12 mar 1850', '12 Mar 1850', '12  MAR 1850', ' 12 MAR 1850', '12 MAR 1850 ',
    '12 1850', '12000', 'MAR', '12 MAR', 'INT 1850 (about then)', 'BET 1850 AND 1860', 'FROM 1850 TO 1860', 'TO 1860', '1750/51', '12 MAR 1750/51',
    '@#DJULIAN@ 12 MAR 1700', 'JULIAN 12 MAR 1700', '44 BCE', '44 B.C.', '(sometime)', 'ABT ABT 1850', 'abt 1850', '1850\n',
  ];
  for (const text of others) t.equal(isPlainDate(text), false, JSON.stringify(text));
  t.ok(others.some((text) => written(text).seven !== text), 'some of them a writer does change');
});
