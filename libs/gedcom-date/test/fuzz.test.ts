import t from 'tap';
import {
  compatible, formatGedcomDate, isValidGedcomDate, parseGedcomDate, sortDate, toGedcom7, validateGedcomDate, yearsOf,
} from '../src/index.js';

/** mulberry32: a small seeded PRNG, so every run fuzzes the same strings. */
function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  'ABT', 'CAL', 'EST', 'BEF', 'AFT', 'BET', 'AND', 'FROM', 'TO', 'INT', 'abt.', 'between', 'JAN', 'FEB', 'Mar', 'NOV',
  'TSH', 'ADR', 'ADS', 'VEND', 'COMP', '_MONTH', 'GREGORIAN', 'JULIAN', 'HEBREW', 'FRENCH_R', '_ROMAN', '@#DJULIAN@',
  '@#DFRENCH R@', '@#DHEBREW@', 'B.C.', 'BCE', '1', '12', '29', '31', '0', '00', '1850', '1699/00', '1701/99', '44', '5784',
  '3', '(', ')', '(text)', '-', ',', '@', '#', '99999999999999999999',
];
const CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabc0123456789 ()/@#._-,\u00e9\u05d0\u0000\t\n';

function fuzzStrings(count: number): string[] {
  const random = rng(20240917);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const length = 1 + Math.floor(random() * 7);
    out.push(
      i % 3 === 0
        ? Array.from({ length: length * 4 }, () => pick([...CHARS])).join('')
        : Array.from({ length }, () => pick(WORDS)).join(pick([' ', ' ', ' ', '  ', ''])),
    );
  }
  return out;
}

t.test('never throws on garbage, and keeps its promises', async (t) => {
  const reference = parseGedcomDate('ABT 1850');
  let phrases = 0;
  let failures = 0;
  const strings = fuzzStrings(4000);
  for (const text of strings) {
    try {
      const date = parseGedcomDate(text);
      if (date.kind === 'phrase') phrases++;
      formatGedcomDate(date);
      formatGedcomDate(date, { version: '5.5.1' });
      toGedcom7(date);
      sortDate(date);
      yearsOf(date);
      compatible(date, reference);
      validateGedcomDate(text, '5.5.1');
      const valid7 = isValidGedcomDate(text, '7.0');
      if (valid7 && text !== '' && date.kind === 'phrase') throw new Error('valid 7.0 but parsed as a phrase');
      if (date.kind !== 'phrase') {
        const canonical = formatGedcomDate(date);
        if (formatGedcomDate(parseGedcomDate(canonical)) !== canonical) throw new Error(`format is not stable: ${canonical}`);
      }
    } catch (error) {
      failures++;
      if (failures < 10) t.fail(`${JSON.stringify(text)}: ${(error as Error).message}`);
    }
  }
  t.equal(failures, 0, `${strings.length} strings, ${phrases} kept as phrases`);
});

/** Random dates shaped by the 7.0 grammar (days may exceed the month: the parser must cope). */
function grammarDates(count: number): string[] {
  const random = rng(1792);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const months: Record<string, string[]> = {
    GREGORIAN: ['JAN', 'FEB', 'MAR', 'JUN', 'SEP', 'DEC'],
    JULIAN: ['JAN', 'FEB', 'OCT'],
    HEBREW: ['TSH', 'CSH', 'KSL', 'ADR', 'ADS', 'ELL'],
    FRENCH_R: ['VEND', 'NIVO', 'FRUC', 'COMP'],
    _ROMAN: ['_MONTH'],
  };
  const date = () => {
    const calendar = pick(Object.keys(months));
    const year = 1 + Math.floor(random() * (calendar === 'HEBREW' ? 6000 : calendar === 'FRENCH_R' ? 30 : 2100));
    const words = random() < 0.7 ? [calendar] : calendar === 'GREGORIAN' ? [] : [calendar];
    if (random() < 0.7) {
      if (random() < 0.6) words.push(String(1 + Math.floor(random() * 31)));
      words.push(pick(months[calendar]));
    }
    words.push(String(year));
    if ((calendar === 'GREGORIAN' || calendar === 'JULIAN') && random() < 0.1) words.push('BCE');
    return words.join(' ');
  };
  return Array.from({ length: count }, () => {
    switch (Math.floor(random() * 5)) {
      case 0:
        return `${pick(['ABT', 'CAL', 'EST', 'BEF', 'AFT', 'FROM', 'TO'])} ${date()}`;
      case 1:
        return `BET ${date()} AND ${date()}`;
      case 2:
        return `FROM ${date()} TO ${date()}`;
      default:
        return date();
    }
  });
}

t.test('grammar-shaped dates parse, convert and round-trip', async (t) => {
  let failures = 0;
  let valid = 0;
  const dates = grammarDates(3000);
  for (const text of dates) {
    const date = parseGedcomDate(text);
    const canonical = formatGedcomDate(date);
    const again = parseGedcomDate(canonical);
    const problems = [
      date.kind === 'phrase' && 'parsed as a phrase',
      formatGedcomDate(again) !== canonical && `unstable: ${canonical}`,
      JSON.stringify([again.start, again.end]) !== JSON.stringify([date.start, date.end]) && 'days changed',
      date.warnings.length === 0 && !text.includes('_ROMAN') && sortDate(date) === null && 'no sort key',
    ].filter(Boolean);
    if (isValidGedcomDate(text, '7.0')) valid++;
    if (problems.length) {
      failures++;
      if (failures < 10) t.fail(`${text}: ${problems.join(', ')}`);
    }
  }
  t.equal(failures, 0, `${dates.length} dates, ${valid} strictly valid`);
});
