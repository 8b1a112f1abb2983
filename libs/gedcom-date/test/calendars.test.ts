import t from 'tap';
import { daysInMonth, fromJdn, monthsOf, toJdn } from '../src/index.js';
import { hebrewYearLength } from '../src/calendars/hebrew.js';
import { parseGedcomDate } from '../src/index.js';

const jdn = (calendar: string, day: number, month: string, year: number, bce = false) => toJdn({ calendar, year, month, day, bce });
const greg = (day: number, month: string, year: number, bce = false) => jdn('GREGORIAN', day, month, year, bce);

t.test('known equivalences', async (t) => {
  const table: Array<[string, number | null, number | null]> = [
    ['Gregorian 15 OCT 1582 is JDN 2299161', greg(15, 'OCT', 1582), 2299161],
    ['Julian 4 OCT 1582 = Gregorian 14 OCT 1582', jdn('JULIAN', 4, 'OCT', 1582), greg(14, 'OCT', 1582)],
    ['Julian 1 JAN 1700 = Gregorian 11 JAN 1700', jdn('JULIAN', 1, 'JAN', 1700), greg(11, 'JAN', 1700)],
    ['Julian 1 MAR 1700 = Gregorian 12 MAR 1700', jdn('JULIAN', 1, 'MAR', 1700), greg(12, 'MAR', 1700)],
    ['Julian 18 FEB 1918 = Gregorian 3 MAR 1918', jdn('JULIAN', 18, 'FEB', 1918), greg(3, 'MAR', 1918)],
    ['Gregorian 1 JAN 2000 is JDN 2451545', greg(1, 'JAN', 2000), 2451545],
    ['Julian 1 JAN 4713 BCE is JDN 0', jdn('JULIAN', 1, 'JAN', 4713, true), 0],
    ['1 VEND 1 = 22 SEP 1792', jdn('FRENCH_R', 1, 'VEND', 1), greg(22, 'SEP', 1792)],
    ['18 BRUM 8 = 9 NOV 1799', jdn('FRENCH_R', 18, 'BRUM', 8), greg(9, 'NOV', 1799)],
    ['6 COMP 3 (a sextile year) = 22 SEP 1795', jdn('FRENCH_R', 6, 'COMP', 3), greg(22, 'SEP', 1795)],
    ['1 VEND 14 = 23 SEP 1805', jdn('FRENCH_R', 1, 'VEND', 14), greg(23, 'SEP', 1805)],
    ['10 NIVO 14 = 31 DEC 1805', jdn('FRENCH_R', 10, 'NIVO', 14), greg(31, 'DEC', 1805)],
    ['Hebrew 1 TSH 5784 = 16 SEP 2023', jdn('HEBREW', 1, 'TSH', 5784), greg(16, 'SEP', 2023)],
    ['Hebrew 1 TSH 5785 = 3 OCT 2024', jdn('HEBREW', 1, 'TSH', 5785), greg(3, 'OCT', 2024)],
    ['Hebrew 25 KSL 5784 = 8 DEC 2023', jdn('HEBREW', 25, 'KSL', 5784), greg(8, 'DEC', 2023)],
    ['Hebrew 1 ADR 5784 (Adar I) = 10 FEB 2024', jdn('HEBREW', 1, 'ADR', 5784), greg(10, 'FEB', 2024)],
    ['Hebrew 1 ADS 5784 (Adar II) = 11 MAR 2024', jdn('HEBREW', 1, 'ADS', 5784), greg(11, 'MAR', 2024)],
    ['Hebrew 15 NSN 5784 = 23 APR 2024', jdn('HEBREW', 15, 'NSN', 5784), greg(23, 'APR', 2024)],
    ['Hebrew 14 ADS 5783 (common year) = 7 MAR 2023', jdn('HEBREW', 14, 'ADS', 5783), greg(7, 'MAR', 2023)],
    ['Hebrew 1 TSH 5600 = 9 SEP 1839', jdn('HEBREW', 1, 'TSH', 5600), greg(9, 'SEP', 1839)],
    ['Hebrew 1 TSH 5700 = 14 SEP 1939', jdn('HEBREW', 1, 'TSH', 5700), greg(14, 'SEP', 1939)],
    ['Hebrew 1 TSH 1 = Gregorian 7 SEP 3761 BCE', jdn('HEBREW', 1, 'TSH', 1), greg(7, 'SEP', 3761, true)],
    ['Hebrew 1 TSH 1 = Julian 7 OCT 3761 BCE', jdn('HEBREW', 1, 'TSH', 1), jdn('JULIAN', 7, 'OCT', 3761, true)],
  ];
  for (const [name, actual, expected] of table) t.equal(actual, expected, name);
});

t.test('fromJdn names the day in each calendar', async (t) => {
  const day = greg(1, 'MAR', 2024) as number;
  t.same(fromJdn(day, 'HEBREW'), { calendar: 'HEBREW', year: 5784, month: 'ADR', day: 21, bce: false });
  t.same(fromJdn(day, 'JULIAN'), { calendar: 'JULIAN', year: 2024, month: 'FEB', day: 17, bce: false });
  t.same(fromJdn(greg(9, 'NOV', 1799) as number, 'FRENCH_R'), { calendar: 'FRENCH_R', year: 8, month: 'BRUM', day: 18, bce: false });
  t.same(fromJdn(0, 'JULIAN'), { calendar: 'JULIAN', year: 4713, month: 'JAN', day: 1, bce: true });
});

t.test('fromJdn and toJdn are inverse over six thousand years', async (t) => {
  let checked = 0;
  for (const calendar of ['GREGORIAN', 'JULIAN', 'HEBREW', 'FRENCH_R'] as const) {
    const first = calendar === 'HEBREW' ? 347998 : calendar === 'FRENCH_R' ? 2375840 : 0;
    for (let day = first; day < 2_600_000; day += 997) {
      const date = fromJdn(day, calendar);
      if (toJdn(date) !== day) t.fail(`${calendar} ${JSON.stringify(date)} is not JDN ${day}`);
      checked++;
    }
  }
  t.ok(checked > 7000, `${checked} days round-tripped`);
});

t.test('month lengths and leap rules', async (t) => {
  t.equal(daysInMonth({ calendar: 'GREGORIAN', year: 1900, month: 'FEB' }), 28, '1900 is not a Gregorian leap year');
  t.equal(daysInMonth({ calendar: 'JULIAN', year: 1900, month: 'FEB' }), 29, '1900 is a Julian leap year');
  t.equal(daysInMonth({ calendar: 'GREGORIAN', year: 2000, month: 'FEB' }), 29);
  t.equal(daysInMonth({ calendar: 'GREGORIAN', year: 1, month: 'FEB', bce: true }), 29, '1 BCE (year 0) is a leap year');
  t.equal(daysInMonth({ calendar: 'FRENCH_R', year: 3, month: 'COMP' }), 6);
  t.equal(daysInMonth({ calendar: 'FRENCH_R', year: 4, month: 'COMP' }), 5);
  t.equal(daysInMonth({ calendar: 'HEBREW', year: 5784, month: 'CSH' }), 29, '5784 is deficient: short Marheshvan');
  t.equal(daysInMonth({ calendar: 'HEBREW', year: 5784, month: 'KSL' }), 29, '5784 is deficient: short Kislev');
  t.equal(daysInMonth({ calendar: 'HEBREW', year: 5785, month: 'CSH' }), 30, '5785 is complete');
  t.equal(daysInMonth({ calendar: 'HEBREW', year: 5783, month: 'ADR' }), 29, 'ADR of a common year is the one Adar');
  t.equal(daysInMonth({ calendar: '_ROMAN', year: 5, month: 'JAN' }), null);
  t.same([5783, 5784, 5785].map(hebrewYearLength), [355, 383, 355]);
  t.equal(toJdn({ calendar: 'GREGORIAN', year: 1900, month: 'FEB', day: 29 }), null, 'no 29 FEB 1900');
  t.equal(monthsOf('FRENCH_R').length, 13);
  t.equal(monthsOf('HEBREW').join(' '), 'TSH CSH KSL TVT SHV ADR ADS NSN IYR SVN TMZ AAV ELL');
});

t.test('every Hebrew year has one of the six lengths the postponements allow', async (t) => {
  const lengths = new Set(Array.from({ length: 6000 }, (_, index) => hebrewYearLength(index + 1)));
  t.same([...lengths].sort(), [353, 354, 355, 383, 384, 385]);
});

t.test('parsed dates carry the converted days', async (t) => {
  const julian = parseGedcomDate('JULIAN 4 OCT 1582');
  const gregorian = parseGedcomDate('14 OCT 1582');
  t.same(julian.start, gregorian.start);
  const year = parseGedcomDate('HEBREW 5784');
  t.same(year.start, { first: greg(16, 'SEP', 2023), last: greg(2, 'OCT', 2024) }, 'a Hebrew year spans TSH to ELL');
  const adar = parseGedcomDate('HEBREW 14 ADR 5783');
  t.equal(adar.start?.first, greg(7, 'MAR', 2023), 'ADR in a common year is read as ADS');
  t.match(adar.warnings.join(), /common year/);
  t.same(parseGedcomDate('@#DFRENCH R@ COMP 3').start, { first: greg(17, 'SEP', 1795), last: greg(22, 'SEP', 1795) });
});
