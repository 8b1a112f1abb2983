/**
 * Whether two dates can describe the same event. Each date becomes the span of
 * days it allows (bounds from `start`/`end`, open for BEF/AFT/FROM/TO), widened by
 * a slack for approximate dates; the dates are compatible when the spans overlap.
 *
 * Default slack (decided for genealogy data, documented in the README):
 *   ABT ±3 years and EST ±3 years (ages in censuses and on gravestones are often off
 *   by two or three), CAL ±2 years (computed from an age, so off by one or two),
 *   exact dates and BEF/AFT/BET/FROM/TO bounds: 0.
 * A date with a 5.5.1 dual year is tried in both readings (`1699/00` is 1700, or
 * 1699 old style). A phrase or a date in an unconvertible calendar cannot conflict
 * with anything: compatible, with distanceYears null.
 */
import { formatGedcomDate, partsOf } from './format.js';
import type { ApproxQualifier, DatePart, DayRange, GedcomDate } from './types.js';

export interface CompatibleOptions {
  /** Years of slack on each side of ABT / CAL / EST dates (merged over the defaults). */
  slackYears?: Partial<Record<ApproxQualifier, number>>;
  /** Days of slack on each side of every date (e.g. 11 to forgive Julian/Gregorian mix-ups). Default 0. */
  slackDays?: number;
  /** Years of slack on BEF/AFT/BET bounds (for loose "before"/"after"). Default 0. */
  boundSlackYears?: number;
}

export interface Compatibility {
  compatible: boolean;
  /** Years between the two dates' spans without slack (0 when they overlap); null when not comparable. */
  distanceYears: number | null;
  reason: string;
}

export const DEFAULT_SLACK_YEARS: Readonly<Record<ApproxQualifier, number>> = { ABT: 3, CAL: 2, EST: 3 };

const YEAR_DAYS = 365.2425;

interface Span {
  lo: number;
  hi: number;
  /** Slack to apply on each side, in days. */
  slack: number;
}

/** The spans a date allows, one per reading (two with a dual year); null when it cannot be converted. */
function spans(date: GedcomDate, options: CompatibleOptions): Span[] | null {
  const parts = partsOf(date);
  if (parts.length === 0 || parts.some((p) => !p.range)) return null;
  const readings: Array<(p: DatePart) => DayRange> = [(p) => p.range as DayRange];
  if (parts.some((p) => p.alternative)) readings.push((p) => p.alternative ?? (p.range as DayRange));
  const days = options.slackDays ?? 0;
  const bound = (options.boundSlackYears ?? 0) * YEAR_DAYS + days;
  return readings.map((read): Span => {
    switch (date.kind) {
      case 'approx': {
        const years = { ...DEFAULT_SLACK_YEARS, ...options.slackYears }[date.qualifier];
        const r = read(date.date);
        return { lo: r.first, hi: r.last, slack: years * YEAR_DAYS + days };
      }
      case 'range':
      case 'period': {
        const from = date.from && read(date.from);
        const to = date.to && read(date.to);
        const lo = from ? Math.min(from.first, to?.first ?? Infinity) : -Infinity;
        const hi = to ? Math.max(to.last, from?.last ?? -Infinity) : Infinity;
        return { lo, hi, slack: date.kind === 'range' ? bound : days };
      }
      default: {
        const r = read(partsOf(date)[0]);
        return { lo: r.first, hi: r.last, slack: days };
      }
    }
  });
}

const gap = (a: Span, b: Span) => Math.max(0, a.lo - b.hi, b.lo - a.hi);
const round = (years: number) => Math.round(years * 100) / 100;
const label = (date: GedcomDate) => `"${formatGedcomDate(date) || date.text}"`;

/** Whether `a` and `b` can be the same event's date; see the module comment for the rules. */
export function compatible(a: GedcomDate, b: GedcomDate, options: CompatibleOptions = {}): Compatibility {
  const sa = spans(a, options);
  const sb = spans(b, options);
  if (!sa || !sb) {
    const which = !sa ? a : b;
    const why = which.kind === 'phrase' ? 'is not a date' : 'cannot be converted to days';
    return { compatible: true, distanceYears: null, reason: `${label(which)} ${why}: nothing to compare` };
  }
  let best = Infinity;
  let fits = false;
  for (const x of sa) {
    for (const y of sb) {
      const raw = gap(x, y);
      best = Math.min(best, raw);
      if (raw <= x.slack + y.slack) fits = true;
    }
  }
  const distanceYears = round(best / YEAR_DAYS);
  if (best === 0) return { compatible: true, distanceYears: 0, reason: `${label(a)} and ${label(b)} overlap` };
  const apart = `${label(a)} and ${label(b)} are ${distanceYears} years apart`;
  return fits
    ? { compatible: true, distanceYears, reason: `${apart}, within the slack` }
    : { compatible: false, distanceYears, reason: `${apart}, beyond the slack` };
}
