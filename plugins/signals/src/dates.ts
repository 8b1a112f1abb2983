/**
 * How the signals compare dates. Every date becomes an interval of days [lo, hi] (proleptic
 * Gregorian day numbers; -Infinity / Infinity where the date is open), read from its
 * @rootline/gedcom-date sort key (`YYYY-MM-DD:AB`, see sortDate): the persons' birth and death
 * summaries and events already store it; a claim's date is keyed here (a fast path for plain
 * Gregorian dates, the library's parser for everything else, each distinct text once).
 *
 * - A plain date covers its day, month or year (`1850` is 1 JAN 1850 .. 31 DEC 1850).
 * - `ABT`, `CAL`, `EST` widen that by 3 years on each side (the key does not say which).
 * - `BEF x` / `TO x`: no earlier bound, later bound the end of x. `AFT x`: from the start of x,
 *   no later bound. x itself is allowed either way (`BEF 1850` is written when a record of 1850
 *   already speaks of the death, which may have been early in 1850; `AFT 1850` when one shows the
 *   person alive in 1850). `BET x AND y` / `FROM x`: from the start of x, no later bound (the key
 *   keeps only the earlier date).
 * - A phrase, an unparseable date or one in a calendar that cannot be converted: no interval,
 *   so it takes part in no comparison.
 *
 * A signal fires only when it holds for every day both intervals allow, so an uncertain date
 * never raises an alarm: "died before born" needs the latest possible death before the earliest
 * possible birth.
 */
import { parseGedcomDate, sortDate } from '@rootline/gedcom-date';

export interface Interval {
  lo: number;
  hi: number;
}

/** Slack of ABT / CAL / EST, in years (the largest of the library's DEFAULT_SLACK_YEARS). */
const APPROX_YEARS = 3;

/** Days since 1970-01-01 of a proleptic Gregorian date, astronomical year (Hinnant's days_from_civil). */
export function dayNumber(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The civil date of a day number (Hinnant's civil_from_days). */
function civil(days: number): [number, number, number] {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return [yoe + era * 400 + (month <= 2 ? 1 : 0), month, day];
}

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const daysIn = (year: number, month: number) => (month === 2 && isLeap(year) ? 29 : MONTH_DAYS[month - 1]);

/** The same day `years` later (earlier when negative); 29 FEB becomes 28 FEB in a common year. Infinities stay. */
export function addYears(days: number, years: number): number {
  if (!Number.isFinite(days)) return days;
  const [year, month, day] = civil(days);
  return dayNumber(year + years, month, Math.min(day, daysIn(year + years, month)));
}

/** The interval of a sort key (see the module comment); null for no key. */
export function intervalOfKey(key: string | null): Interval | null {
  if (key === null) return null;
  const at = key[0] === '-' ? 1 : 0;
  const year = at ? Number(key.slice(1, 5)) - 10000 : Number(key.slice(0, 4));
  const month = Number(key.slice(5 + at, 7 + at));
  const day = Number(key.slice(8 + at, 10 + at));
  const precision = key[11 + at];
  const order = key[12 + at];
  const anchor = dayNumber(year, month, day);
  // The span the anchoring date covers. A year or month that does not start on 1 JAN or the 1st
  // (or, for AFT, end on 31 DEC or the month's last day) is in another calendar (Julian, Hebrew,
  // French): its longest length is assumed.
  if (precision === '9') {
    // AFT x: the key holds x's last day, and x's precision where the order usually is.
    const start =
      order === '1' ? (month === 12 && day === 31 ? dayNumber(year, 1, 1) : anchor - 384)
      : order === '2' ? (day === daysIn(year, month) ? dayNumber(year, month, 1) : anchor - 30)
      : anchor;
    return { lo: start, hi: Infinity };
  }
  const end =
    precision === '1' ? (month === 1 && day === 1 ? dayNumber(year, 12, 31) : anchor + 384)
    : precision === '2' ? (day === 1 ? anchor + daysIn(year, month) - 1 : anchor + 30)
    : anchor;
  if (order === '0') return { lo: -Infinity, hi: end };
  if (order === '1') return { lo: anchor, hi: Infinity };
  if (order === '3') return { lo: addYears(anchor, -APPROX_YEARS), hi: addYears(end, APPROX_YEARS) };
  return { lo: anchor, hi: end };
}

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const QUALIFIER_ORDER: Record<string, string> = { ABT: '3', CAL: '3', EST: '3' };
const PLAIN = /^(?:(ABT|CAL|EST) )?(?:([1-9]\d?) )?(?:(JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC) )?([1-9]\d{2,3})$/;
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * The sort key of a plain or approximate Gregorian date (`12 MAR 1851`, `MAR 1851`, `ABT 1851`),
 * made without the library's parser (it costs tens of microseconds, too much for 100,000
 * claims); undefined for every other text, which is the library's to read. Where it answers,
 * it answers what the library would.
 */
export function plainKey(text: string): string | undefined {
  const match = PLAIN.exec(text);
  if (!match) return undefined;
  const [, qualifier, dayText, monthText, yearText] = match;
  const year = Number(yearText);
  const month = monthText ? MONTHS.indexOf(monthText) + 1 : 1;
  const day = dayText ? Number(dayText) : 1;
  // A day needs a month and must exist in it; years before 1583 (Julian or Gregorian?) and
  // anything else are the library's to read.
  if (year < 1583 || (dayText !== undefined && (monthText === undefined || day > daysIn(year, month)))) return undefined;
  const precision = dayText ? 3 : monthText ? 2 : 1;
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}:${precision}${qualifier ? QUALIFIER_ORDER[qualifier] : '2'}`;
}

/** The sort key of a date as written, the same as `sortDate(parseGedcomDate(text))`. */
export function keyOfDate(text: string): string | null {
  return plainKey(text) ?? sortDate(parseGedcomDate(text));
}

/** `keyOfDate` then `intervalOfKey`, each distinct text computed once per reader. */
export function dateReader(): (text: string) => Interval | null {
  const seen = new Map<string, Interval | null>();
  return (text) => {
    let interval = seen.get(text);
    if (interval === undefined) {
      interval = intervalOfKey(keyOfDate(text));
      seen.set(text, interval);
    }
    return interval;
  };
}
