import t from 'tap';
import { parseGedcomDate, sortDate } from '@rootline/gedcom-date';
import { addYears, dateReader, dayNumber, intervalOfKey, keyOfDate, plainKey } from '../src/dates.js';

const day = (text: string) => {
  const [year, month, date] = text.split('-').map(Number);
  return dayNumber(year, month, date);
};
const span = (lo: string | number, hi: string | number) => ({ lo: typeof lo === 'string' ? day(lo) : lo, hi: typeof hi === 'string' ? day(hi) : hi });

t.test('day numbers are proleptic Gregorian days since 1970-01-01', async (t) => {
  t.equal(dayNumber(1970, 1, 1), 0);
  t.equal(dayNumber(1970, 3, 1), 59);
  t.equal(dayNumber(2000, 3, 1), 11017);
  t.equal(dayNumber(1900, 3, 1) - dayNumber(1900, 2, 28), 1, '1900 has no 29 FEB');
  t.equal(dayNumber(2000, 3, 1) - dayNumber(2000, 2, 28), 2, '2000 has one');
  t.equal(dayNumber(1, 1, 1), -719162);
  const ides = new Date(0);
  ides.setUTCFullYear(-43, 2, 15);
  t.equal(dayNumber(-43, 3, 15), ides.getTime() / 86_400_000, 'a year before the era, as Date counts it');
});

t.test('adding years keeps the day, 29 FEB becomes 28 FEB in a common year, infinities stay', async (t) => {
  t.equal(addYears(day('1850-03-01'), 12), day('1862-03-01'));
  t.equal(addYears(day('1850-12-31'), 55), day('1905-12-31'));
  t.equal(addYears(day('1888-02-29'), 12), day('1900-02-28'));
  t.equal(addYears(day('1888-02-29'), 4), day('1892-02-29'));
  t.equal(addYears(day('1853-01-01'), -3), day('1850-01-01'));
  t.equal(addYears(day('1852-02-29'), -3), day('1849-02-28'));
  t.equal(addYears(day('2000-02-29'), 1), day('2001-02-28'), 'the last day of a 400-year cycle');
  t.equal(addYears(day('2000-02-29'), 12), day('2012-02-29'));
  t.equal(addYears(day('1999-12-31'), 1), day('2000-12-31'));
  t.equal(addYears(-Infinity, 12), -Infinity);
  t.equal(addYears(Infinity, 55), Infinity);
});

t.test('a sort key becomes the interval of days the date allows', async (t) => {
  t.equal(intervalOfKey(null), null);
  t.same(intervalOfKey('1851-03-12:32'), span('1851-03-12', '1851-03-12'), 'a day');
  t.same(intervalOfKey('1851-02-01:22'), span('1851-02-01', '1851-02-28'), 'a month');
  t.same(intervalOfKey('1852-02-01:22'), span('1852-02-01', '1852-02-29'), 'a leap February');
  t.same(intervalOfKey('1851-12-01:22'), span('1851-12-01', '1851-12-31'), 'December');
  t.same(intervalOfKey('1851-01-01:12'), span('1851-01-01', '1851-12-31'), 'a year');
  t.same(intervalOfKey('1851-01-01:13'), span('1848-01-01', '1854-12-31'), 'ABT a year: 3 years each side');
  t.same(intervalOfKey('1851-03-12:33'), span('1848-03-12', '1854-03-12'), 'ABT a day');
  t.same(intervalOfKey('1851-01-01:10'), span(-Infinity, '1851-12-31'), 'BEF a year: to its end');
  t.same(intervalOfKey('1851-03-01:20'), span(-Infinity, '1851-03-31'), 'BEF a month');
  t.same(intervalOfKey('1851-01-01:11'), span('1851-01-01', Infinity), 'BET or FROM: from the start');
  t.same(intervalOfKey('1851-12-31:91'), span('1851-01-01', Infinity), 'AFT a year: from its start');
  t.same(intervalOfKey('1852-02-29:92'), span('1852-02-01', Infinity), 'AFT a month');
  t.same(intervalOfKey('1851-03-12:93'), span('1851-03-12', Infinity), 'AFT a day');
  // Another calendar: a year or month that does not begin (or, for AFT, end) where a Gregorian one does.
  t.same(intervalOfKey('1700-01-12:12'), span('1700-01-12', day('1700-01-12') + 384), 'a Julian year, at its longest');
  t.same(intervalOfKey('1700-03-12:22'), span('1700-03-12', day('1700-03-12') + 30), 'a Julian month, at its longest');
  t.same(intervalOfKey('1700-01-11:91'), span(day('1700-01-11') - 384, Infinity), 'AFT a Julian year');
  t.same(intervalOfKey('1700-04-11:92'), span(day('1700-04-11') - 30, Infinity), 'AFT a Julian month');
  t.same(intervalOfKey('-9957-03-15:32'), span(dayNumber(-43, 3, 15), dayNumber(-43, 3, 15)), 'a year before the era');
  t.same(intervalOfKey('-9957-03-01:23'), span(dayNumber(-46, 3, 1), dayNumber(-40, 3, 31)), 'ABT a month before the era');
  t.same(intervalOfKey('1900-02-01:22'), span('1900-02-01', '1900-02-28'), '1900 is no leap year');
  t.same(intervalOfKey('2000-02-01:22'), span('2000-02-01', '2000-02-29'), '2000 is one');
  t.same(intervalOfKey('1852-12-01:22'), span('1852-12-01', '1852-12-31'), 'December of a leap year');
  t.same(intervalOfKey('1700-03-01:12'), span('1700-03-01', day('1700-03-01') + 384), 'a year from 1 MAR: another calendar');
  t.same(intervalOfKey('1700-04-12:22'), span('1700-04-12', day('1700-04-12') + 30), 'a month from the 12th: another calendar');
  t.same(intervalOfKey('1700-12-30:91'), span(day('1700-12-30') - 384, Infinity), 'AFT a year ending 30 DEC: another calendar');
  t.same(intervalOfKey('1700-01-31:91'), span(day('1700-01-31') - 384, Infinity), 'AFT a year ending 31 JAN: another calendar');
});

t.test('keys as the library makes them, Gregorian plain and approximate dates without it', async (t) => {
  const plain = [
    '12 MAR 1851', '1 JAN 1851', '31 DEC 1851', '29 FEB 1852', 'MAR 1851', 'DEC 1851', '1851', '1583', '9999',
    'ABT 1851', 'CAL MAR 1851', 'EST 2 FEB 1852', 'ABT 29 FEB 1852', '9 SEP 1700', '30 APR 1851',
  ];
  // Read by the library: not plain, not Gregorian for certain, or not a real day.
  const others = [
    '29 FEB 1851', '31 APR 1851', '12 1851', '1582', '12 MAR 1500', 'ABT 800', '01 MAR 1851', 'BEF 1851', 'AFT MAR 1851',
    'BET 1850 AND 1860', 'FROM 1850 TO 1860', 'INT 1851 (the register)', '(in his youth)', 'abt 1851', '@#DJULIAN@ 1700', '12 MAR 1851 B.C.',
    'ABT', '0 MAR 1851', '12 MAR 0851', 'MAR', '1851 ', ' 1851', 'ABT  1851', 'CIRCA 1851', '12 MARCH 1851', '18510',
  ];
  for (const text of [...plain, ...others]) t.equal(keyOfDate(text), sortDate(parseGedcomDate(text)), text);
  for (const text of plain) t.equal(plainKey(text), sortDate(parseGedcomDate(text)), `${text}: keyed without the library`);
  for (const text of others) t.equal(plainKey(text), undefined, `${text}: left to the library`);
  t.equal(keyOfDate('12 MAR 1851'), '1851-03-12:32');
  t.equal(keyOfDate('ABT MAR 1851'), '1851-03-01:23');
  t.equal(keyOfDate('EST 1851'), '1851-01-01:13');
  t.equal(keyOfDate('(in his youth)'), null);
});

t.test('a reader computes each text once', async (t) => {
  const read = dateReader();
  const first = read('ABT 1851');
  t.same(first, span('1848-01-01', '1854-12-31'));
  t.equal(read('ABT 1851'), first, 'the same interval again');
  t.equal(read('(in his youth)'), null);
  t.equal(read('(in his youth)'), null);
});
