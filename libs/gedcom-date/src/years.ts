/**
 * Years for labels such as `(1851–1920)`. Gregorian and Julian dates give the year
 * as written (the new-style year of a valid dual year: `1699/00` → 1700); Hebrew and
 * French Republican dates give the Gregorian years of their first and last days.
 * BCE years are negative (1 BCE = -1; there is no year 0).
 */
import { fromJdn } from './calendars/index.js';
import { readsDualYear } from './dual-year.js';
import type { DatePart, GedcomDate } from './types.js';

export interface YearSpan {
  /** The earliest year the date allows; null when open (`BEF 1850`) or unknown. */
  from: number | null;
  /** The latest year the date allows; null when open (`AFT 1850`) or unknown. */
  to: number | null;
  /** True unless the date is a plain or INT date (ABT, BEF, BET, FROM, ... are approximate for a label). */
  approximate: boolean;
}

const signed = (year: number, bce: boolean) => (bce ? -year : year);

function yearAt(part: DatePart | undefined, side: 'first' | 'last'): number | null {
  if (!part) return null;
  if (part.calendar === 'GREGORIAN' || part.calendar === 'JULIAN') {
    return signed(readsDualYear(part) ? (part.dualYear as number) : part.year, part.bce);
  }
  if (!part.range) return null;
  const { year, bce } = fromJdn(part.range[side], 'GREGORIAN');
  return signed(year, bce);
}

/** The span of years a date allows; see the module comment. */
export function yearsOf(date: GedcomDate): YearSpan {
  switch (date.kind) {
    case 'date':
    case 'interpreted':
    case 'approx':
      return { from: yearAt(date.date, 'first'), to: yearAt(date.date, 'last'), approximate: date.kind === 'approx' };
    case 'range':
    case 'period':
      return { from: yearAt(date.from, 'first'), to: yearAt(date.to, 'last'), approximate: true };
    default:
      return { from: null, to: null, approximate: true };
  }
}

const yearText = (year: number) => (year < 0 ? `${-year} BCE` : String(year));

/** `1851`, `c. 1851`, `bef. 1851`, `aft. 1851`, `1851/1852`: one date as a short year label ('' when unknown). */
export function yearLabel(date: GedcomDate | undefined): string {
  if (!date) return '';
  const { from, to } = yearsOf(date);
  if (date.kind === 'range' && date.qualifier !== 'BET') {
    const year = date.qualifier === 'BEF' ? to : from;
    return year === null ? '' : `${date.qualifier === 'BEF' ? 'bef.' : 'aft.'} ${yearText(year)}`;
  }
  if (from === null && to === null) return '';
  const span = from === null || to === null || from === to ? yearText((from ?? to) as number) : `${yearText(from)}/${yearText(to)}`;
  return date.kind === 'approx' ? `c. ${span}` : span;
}

/** Life years for a person: `1851–1920`, `c. 1851–aft. 1920`, `1851–`, `–1920`, or '' when both are unknown. */
export function lifeYears(birth?: GedcomDate, death?: GedcomDate): string {
  const b = yearLabel(birth);
  const d = yearLabel(death);
  return b === '' && d === '' ? '' : `${b}\u2013${d}`;
}
