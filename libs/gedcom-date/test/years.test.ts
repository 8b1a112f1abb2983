import t from 'tap';
import { lifeYears, parseGedcomDate, yearLabel, yearsOf } from '../src/index.js';

const years = (text: string) => yearsOf(parseGedcomDate(text));

t.test('yearsOf', async (t) => {
  t.same(years('12 MAR 1851'), { from: 1851, to: 1851, approximate: false });
  t.same(years('ABT 1851'), { from: 1851, to: 1851, approximate: true });
  t.same(years('BET 1850 AND 1855'), { from: 1850, to: 1855, approximate: true });
  t.same(years('BEF 1920'), { from: null, to: 1920, approximate: true });
  t.same(years('AFT 1920'), { from: 1920, to: null, approximate: true });
  t.same(years('FROM 1850 TO 1860'), { from: 1850, to: 1860, approximate: true });
  t.same(years('JULIAN 1700'), { from: 1700, to: 1700, approximate: false }, 'Julian years are kept as written');
  t.same(years('1699/00'), { from: 1700, to: 1700, approximate: false }, 'a dual year is its new-style year');
  t.same(years('44 BCE'), { from: -44, to: -44, approximate: false });
  t.same(years('HEBREW 5784'), { from: 2023, to: 2024, approximate: false });
  t.same(years('HEBREW 1 TSH 5784'), { from: 2023, to: 2023, approximate: false });
  t.same(years('FRENCH_R 8'), { from: 1799, to: 1800, approximate: false });
  t.same(years('INT 1850 (age)'), { from: 1850, to: 1850, approximate: false });
  t.same(years('(no idea)'), { from: null, to: null, approximate: true });
  t.same(years('_ROMAN 753'), { from: null, to: null, approximate: false });
});

t.test('labels', async (t) => {
  const label = (text: string) => yearLabel(parseGedcomDate(text));
  t.equal(label('12 MAR 1851'), '1851');
  t.equal(label('ABT 1851'), 'c. 1851');
  t.equal(label('BEF 1851'), 'bef. 1851');
  t.equal(label('AFT 1851'), 'aft. 1851');
  t.equal(label('BET 1850 AND 1855'), '1850/1855');
  t.equal(label('44 BCE'), '44 BCE');
  t.equal(label('(no idea)'), '');
  t.equal(yearLabel(undefined), '');
  t.equal(lifeYears(parseGedcomDate('1851'), parseGedcomDate('3 APR 1920')), '1851\u20131920');
  t.equal(lifeYears(parseGedcomDate('ABT 1851'), parseGedcomDate('AFT 1920')), 'c. 1851\u2013aft. 1920');
  t.equal(lifeYears(parseGedcomDate('1851')), '1851\u2013');
  t.equal(lifeYears(undefined, parseGedcomDate('1920')), '\u20131920');
  t.equal(lifeYears(), '');
});
