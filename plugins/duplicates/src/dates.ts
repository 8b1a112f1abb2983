import { compatible, parseGedcomDate, yearsOf, type GedcomDate } from '@rootline/gedcom-date';

/** Years of slack on each side of an approximate date, as @rootline/gedcom-date's `compatible` applies them. */
const SLACK: Record<string, number> = { ABT: 3, EST: 3, CAL: 2 };
/** An open bound (BEF 1850 has no earliest year). */
const OPEN = 9999;

/**
 * A date of a query, or null when the text is not one the search can compare: not a date at all
 * (a phrase, empty) or a date in a calendar that cannot be converted. Read tolerantly
 * (`abt. 1850`, `circa 1850`, `Mar 1850` are dates), as @rootline/gedcom-date reads GEDCOM.
 */
export function queryDate(text: string): GedcomDate | null {
  const date = parseGedcomDate(text);
  if (date.kind === 'phrase') return null;
  const { from, to } = yearsOf(date);
  return from === null && to === null ? null : date;
}

/**
 * The years a date allows, widened by its ABT/EST/CAL slack; open bounds are -OPEN/OPEN; null
 * when the date gives no year (none, a phrase, an unconvertible calendar). What the index keeps
 * to preselect candidates without parsing their dates.
 */
export function yearBounds(date: GedcomDate | null): [number, number] | null {
  if (!date) return null;
  const { from, to } = yearsOf(date);
  if (from === null && to === null) return null;
  const slack = date.kind === 'approx' ? SLACK[date.qualifier] : 0;
  return [from === null ? -OPEN : from - slack, to === null ? OPEN : to + slack];
}

/**
 * Years two dates may be apart beyond the GEDCOM slack and still not rule each other out: one
 * record's "1944" and another's "19 AUG 1946" (an age misstated by a year or two is common)
 * are `close`, not `conflicting`.
 */
const CLOSE_YEARS = 2;
/** The same in days, on each side of both dates (732 days in all: two years, a leap day included). */
const CLOSE_DAYS_EACH_SIDE = 366;

/** How two year bounds agree: 'overlap', 'close' (at most CLOSE_YEARS whole years between them), 'apart'; null when either is unknown. */
export function boundsAgree(a: readonly [number, number] | null, b: readonly [number, number] | null): 'overlap' | 'close' | 'apart' | null {
  if (!a || !b) return null;
  if (a[0] <= b[1] && b[0] <= a[1]) return 'overlap';
  return a[0] - CLOSE_YEARS - 1 <= b[1] && b[0] - CLOSE_YEARS - 1 <= a[1] ? 'close' : 'apart';
}

export interface DateAgreement {
  how: 'compatible' | 'close' | 'conflicting' | 'unknown';
  /** 0..1: 1 for dates that overlap, less the further apart within the slack (at least 0.6), 0.3 close, 0 conflicting, 0.5 unknown. */
  value: number;
  detail: string;
}

/**
 * How a candidate's date agrees with the query's: `compatible` (the spans overlap, or are within
 * the ABT/EST ±3, CAL ±2 years slack of @rootline/gedcom-date's `compatible`), `close` (beyond
 * the slack by at most CLOSE_YEARS), `conflicting` (further apart), or `unknown` (the candidate
 * has no date, or one that cannot be compared).
 */
export function agreeDates(query: GedcomDate, candidate: string | null): DateAgreement {
  if (candidate === null) return { how: 'unknown', value: 0.5, detail: 'no date recorded' };
  const result = compatible(query, parseGedcomDate(candidate));
  if (result.distanceYears === null) return { how: 'unknown', value: 0.5, detail: result.reason };
  if (result.compatible) return { how: 'compatible', value: Math.max(0.6, 1 - 0.1 * result.distanceYears), detail: result.reason };
  if (compatible(query, parseGedcomDate(candidate), { slackDays: CLOSE_DAYS_EACH_SIDE }).compatible) return { how: 'close', value: 0.3, detail: result.reason };
  return { how: 'conflicting', value: 0, detail: result.reason };
}
