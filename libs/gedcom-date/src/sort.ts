/**
 * A sort key for dates in any calendar. The rule, exactly:
 *
 *   key = YEAR "-" MM "-" DD ":" A B
 *
 * - The day is the anchor day converted to the proleptic Gregorian calendar.
 *   YEAR is the astronomical year (1 BCE = 0) as 4 digits; a negative year is "-"
 *   followed by 10000 + year in 4 digits (-43 → "-9957"), so plain string order is
 *   chronological ("-" sorts before digits). Years past 9999 are clamped to 9999.
 * - The anchor day is the first day the date can denote (`1850` → 1 JAN 1850,
 *   `MAR 1850` → 1 MAR 1850, `BET 1850 AND 1860` → 1 JAN 1850), except `AFT x`,
 *   anchored on the last day of x (`AFT 1850` → 31 DEC 1850). `BEF x` and `TO x`
 *   anchor on the first day of x.
 * - A is the precision of the anchoring date: 1 year, 2 month, 3 day; and 9 for AFT.
 * - B orders dates that share day and precision: 0 `BEF`/`TO`, 1 `BET`/`FROM`,
 *   2 a plain or `INT` date, 3 `ABT`/`CAL`/`EST`. For AFT, B is the precision.
 *
 * So `BEF 1850` < `1850` < `ABT 1850` < `JAN 1850` < `1 JAN 1850` < ... < `31 DEC 1850` < `AFT 1850`.
 * Approximate dates sort at their written date (no slack). Phrases, and dates in a
 * calendar we cannot convert (`_ROMAN`), have no key: null, to be sorted last.
 */
import { fromJdn } from './calendars/index.js';
import type { DatePart, GedcomDate } from './types.js';

const precision = (part: DatePart) => (part.day !== undefined ? 3 : part.month !== undefined ? 2 : 1);

function dayKey(jdn: number): string {
  const { year, month, day, bce } = fromJdn(jdn, 'GREGORIAN');
  const astronomical = Math.min(bce ? 1 - year : year, 9999);
  const y = astronomical < 0 ? `-${String(Math.max(10000 + astronomical, 0)).padStart(4, '0')}` : String(astronomical).padStart(4, '0');
  const m = String(['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'].indexOf(month) + 1).padStart(2, '0');
  return `${y}-${m}-${String(day).padStart(2, '0')}`;
}

function anchor(date: GedcomDate): { part: DatePart; jdn: number; a: number; b: number } | null {
  switch (date.kind) {
    case 'date':
    case 'interpreted':
    case 'approx': {
      const { range } = date.date;
      return range ? { part: date.date, jdn: range.first, a: precision(date.date), b: date.kind === 'approx' ? 3 : 2 } : null;
    }
    case 'range':
    case 'period': {
      if (date.qualifier === 'AFT') {
        const part = date.from as DatePart;
        return part.range ? { part, jdn: part.range.last, a: 9, b: precision(part) } : null;
      }
      const part = (date.from ?? date.to) as DatePart;
      const b = date.qualifier === 'BEF' || date.qualifier === 'TO' ? 0 : 1;
      return part.range ? { part, jdn: part.range.first, a: precision(part), b } : null;
    }
    default:
      return null;
  }
}

/** The sort key of a date (see the rule above), or null for a phrase or an unconvertible date. */
export function sortDate(date: GedcomDate): string | null {
  const found = anchor(date);
  return found ? `${dayKey(found.jdn)}:${found.a}${found.b}` : null;
}

const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * A comparator for Array.prototype.sort: by `sortDate`, dates without a key last,
 * equal keys (`ABT 1850` and `CAL 1850`) by their text so the order is deterministic.
 */
export function compareDates(a: GedcomDate, b: GedcomDate): number {
  const ka = sortDate(a);
  const kb = sortDate(b);
  if (ka !== kb) {
    if (ka === null) return 1;
    if (kb === null) return -1;
    return byString(ka, kb);
  }
  return byString(a.text, b.text);
}
