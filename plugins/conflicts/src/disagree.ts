/**
 * Whether two claims of one single-valued kind can both be true: pure functions, no I/O.
 *
 * - Dates: `compatible()` of @rootline/gedcom-date, with its default slack (ABT ±3 years,
 *   EST ±3, CAL ±2; exact dates and BEF/AFT/BET/FROM/TO bounds none). Each date is the span
 *   of days it allows (a year is the whole year, a month the whole month); two dates disagree
 *   when the spans, widened by the slack, do not overlap. Calendars are converted (a Julian and
 *   a Gregorian date of the same day agree), a 5.5.1 dual year is tried in both readings. A
 *   missing date, a phrase the parser cannot read as a date, or a date in a calendar it cannot
 *   convert never disagrees: there is nothing to compare.
 * - Places: split on commas, each part folded (case, accents, punctuation, spaces). They agree
 *   when, laid side by side at some offset, every part they share agrees: one is a more precise
 *   form of the other (`Ledbury, Herefordshire, England` and `Herefordshire, England`), the
 *   upper levels are left out (`Ledbury` and `Ledbury, Herefordshire`), or the two continue one
 *   another (`Ledbury, Herefordshire` and `Herefordshire, England`). An empty part
 *   (`Ledbury, , England`) is unknown and agrees with anything. `Ledbury, Herefordshire` and
 *   `Hereford, Herefordshire` disagree. A missing place never disagrees.
 * - Values (only for kinds whose claim is its value, `sex`): folded like a place part, and sex
 *   words normalised (`M`, `male`, `Male`); a missing or unknown (`U`) value never disagrees.
 *
 * Two claims disagree when any compared field cannot be true of both.
 */
import { compatible, DEFAULT_SLACK_YEARS, parseGedcomDate, type GedcomDate } from '@rootline/gedcom-date';
import { ruleOf, type Compared } from './kinds.js';

export interface ClaimFacts {
  kind: string;
  /** Needed only for kinds that compare their value (a light read of event claims leaves it out). */
  value?: string | null;
  date: string | null;
  place: string | null;
}

export interface Disagreement {
  /** The fields that cannot both be true, in the order date, place, value. */
  on: Compared[];
  /** One sentence per field, joined with "; ". */
  detail: string;
}

/** The date tolerance, as documented: years of slack on each side of ABT, CAL and EST dates. */
export const DATE_SLACK_YEARS = DEFAULT_SLACK_YEARS;

const blank = (text: string | null): text is null => text === null || text.trim() === '';

/** Folds text for comparison: accents and apostrophes off, lower case, other punctuation and runs of spaces as one space. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/['\u2019\u02bc]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * How a comparison reads dates and place parts: `parseGedcomDate` and `placeParts` by default; a
 * caller comparing one claim with many passes memoised ones (`memoised()`).
 */
export interface Readers {
  date(text: string): GedcomDate;
  place(text: string): string[];
}

const DIRECT: Readers = { date: parseGedcomDate, place: (text) => placeParts(text) };

/** Readers that read each text once (for one run of comparisons: a claim against its group). */
export function memoised(): Readers {
  const dates = new Map<string, GedcomDate>();
  const places = new Map<string, string[]>();
  return {
    date: (text) => dates.get(text) ?? (dates.set(text, parseGedcomDate(text)), dates.get(text)!),
    place: (text) => places.get(text) ?? (places.set(text, placeParts(text)), places.get(text)!),
  };
}

/** The same text, give or take spaces and case: nothing to compare (the common case, checked first). */
const same = (a: string, b: string) => a === b || a.trim().toUpperCase() === b.trim().toUpperCase();

/** Why two dates cannot be the same event's, or null when they can (or one is missing or not a date). */
export function datesDisagree(a: string | null, b: string | null, read: Readers = DIRECT): string | null {
  if (blank(a) || blank(b) || same(a, b)) return null;
  const verdict = compatible(read.date(a), read.date(b));
  if (verdict.compatible) return null;
  const apart = verdict.distanceYears !== null && verdict.distanceYears >= 1 ? `are ${verdict.distanceYears} years apart` : 'do not overlap';
  return `the dates "${a.trim()}" and "${b.trim()}" ${apart}`;
}

/** The folded parts of a place, most precise first; an empty part is ''. */
export function placeParts(place: string): string[] {
  return place.split(',').map(fold);
}

/**
 * Whether the parts of two places agree at some offset: every part they share is equal or
 * unknown (''), and at least one shared part is known and equal.
 */
function aligned(a: string[], b: string[]): boolean {
  for (let shift = -(a.length - 1); shift <= b.length - 1; shift++) {
    let equal = 0;
    let fits = true;
    for (let i = Math.max(0, -shift); i < a.length && i + shift < b.length; i++) {
      const [x, y] = [a[i], b[i + shift]];
      if (x === '' || y === '') continue;
      if (x !== y) {
        fits = false;
        break;
      }
      equal++;
    }
    if (fits && equal > 0) return true;
  }
  return false;
}

/** Why two places cannot be the same event's, or null when they can (or one is missing). */
export function placesDisagree(a: string | null, b: string | null, read: Readers = DIRECT): string | null {
  if (blank(a) || blank(b) || same(a, b)) return null;
  const [pa, pb] = [read.place(a), read.place(b)];
  // A place of nothing but commas and spaces says nothing.
  if (pa.every((part) => part === '') || pb.every((part) => part === '')) return null;
  return aligned(pa, pb) ? null : `the places "${a.trim()}" and "${b.trim()}" are not one place`;
}

/** Sex words as GEDCOM's M, F, X, U. */
const SEX_WORDS: Readonly<Record<string, string>> = {
  m: 'M', male: 'M', man: 'M', boy: 'M',
  f: 'F', female: 'F', woman: 'F', girl: 'F',
  x: 'X', intersex: 'X', other: 'X',
  u: 'U', unknown: 'U',
};

/** A value as compared: folded, and for `sex` one of M, F, X, U when it is a sex word; null when it says nothing. */
export function normaliseValue(kind: string, value: string | null): string | null {
  if (blank(value)) return null;
  const folded = fold(value);
  if (folded === '') return null;
  if (kind === 'sex') {
    const sex = Object.hasOwn(SEX_WORDS, folded) ? SEX_WORDS[folded] : folded;
    return sex === 'U' ? null : sex;
  }
  return folded;
}

/** Why two values cannot both be true, or null when they can (or one is missing or unknown). */
export function valuesDisagree(kind: string, a: string | null, b: string | null): string | null {
  const [na, nb] = [normaliseValue(kind, a), normaliseValue(kind, b)];
  if (na === null || nb === null || na === nb) return null;
  return `the values "${a!.trim()}" and "${b!.trim()}" differ`;
}

/**
 * What two claims of one kind disagree on, or null when both can be true. Claims of
 * different kinds, and of kinds that are not single-valued, never disagree.
 */
export function disagreement(a: ClaimFacts, b: ClaimFacts, read: Readers = DIRECT): Disagreement | null {
  if (a.kind !== b.kind) return null;
  const rule = ruleOf(a.kind);
  if (!rule) return null;
  const on: Compared[] = [];
  const details: string[] = [];
  for (const field of ['date', 'place', 'value'] as const) {
    if (!rule.compare.includes(field)) continue;
    const why = field === 'date' ? datesDisagree(a.date, b.date, read) : field === 'place' ? placesDisagree(a.place, b.place, read) : valuesDisagree(a.kind, a.value ?? null, b.value ?? null);
    if (why) {
      on.push(field);
      details.push(why);
    }
  }
  if (on.length === 0) return null;
  const detail = details.join('; ');
  return { on, detail: detail.charAt(0).toUpperCase() + detail.slice(1) };
}
