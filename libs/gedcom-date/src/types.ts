/**
 * The shapes every consumer of @rootline/gedcom-date sees. One parsed date value
 * (`GedcomDate`) is made of zero, one or two calendar dates (`DatePart`), each of
 * which knows the span of days it can denote as Julian Day Numbers.
 */

/** The calendars this library can convert. Anything else is an extension calendar. */
export type KnownCalendar = 'GREGORIAN' | 'JULIAN' | 'HEBREW' | 'FRENCH_R';

/**
 * A calendar name as GEDCOM 7 spells it: a known calendar, or an extension tag
 * such as `_ROMAN` (5.5.1's `@#DROMAN@` and `@#DUNKNOWN@` become `_ROMAN` and `_UNKNOWN`).
 */
export type Calendar = KnownCalendar | (string & {});

/**
 * An inclusive span of days, as Julian Day Numbers (JDN 2299161 = Gregorian 15 OCT 1582).
 * `first === last` for a day-precise date; a year-only date spans the whole year.
 */
export interface DayRange {
  first: number;
  last: number;
}

/** One calendar date as written, partial or not: `JULIAN 12 MAR 1750`, `MAR 1750`, `1750/51`. */
export interface DatePart {
  calendar: Calendar;
  /** The year as written (always positive; see `bce`). For a 5.5.1 dual year `1750/51`, 1750. */
  year: number;
  /** The month tag in upper case (`MAR`, `TSH`, `VEND`, `_MONTH`), absent for a year-only date. */
  month?: string;
  day?: number;
  /** `BCE` / `B.C.` (Gregorian and Julian only). */
  bce: boolean;
  /** An extension epoch tag other than BCE (`_AH`), kept for round trips. */
  epoch?: string;
  /**
   * 5.5.1 dual year, full: `1750/51` → 1751. When it is `year + 1` (the only valid form) the
   * date is read in that later, new-style year; otherwise the literal year is primary.
   */
  dualYear?: number;
  /** The days this date can denote; absent for an extension calendar or an impossible date. */
  range?: DayRange;
  /** The other reading of a dual-year date (the literal year when `dualYear` is valid). */
  alternative?: DayRange;
}

export type ApproxQualifier = 'ABT' | 'CAL' | 'EST';
export type RangeQualifier = 'BEF' | 'AFT' | 'BET';
export type PeriodQualifier = 'FROM' | 'TO' | 'FROM_TO';

interface Base {
  /** The calendar of the first date part (`GREGORIAN` for a phrase). */
  calendar: Calendar;
  /** Days of the earlier bound: the date itself, `BET x`, `AFT x`, `FROM x`. Absent when open or unknown. */
  start?: DayRange;
  /** Days of the later bound: the date itself, `AND y`, `BEF y`, `TO y`. Absent when open or unknown. */
  end?: DayRange;
  /** Free text: 5.5.1 `INT date (text)`, `(text)`, or a GEDCOM 7 PHRASE passed in; trailing `(text)` after any date. */
  phrase?: string;
  /** The text as given to the parser. */
  text: string;
  /** Everything the tolerant parser had to repair or guess (empty for a clean date). */
  warnings: string[];
}

/** `12 MAR 1850`, `MAR 1850`, `1850`, `JULIAN 1750/51`. */
export interface ExactDate extends Base {
  kind: 'date';
  date: DatePart;
}
/** `ABT 1850`, `CAL 1850`, `EST 1850`. */
export interface ApproxDate extends Base {
  kind: 'approx';
  qualifier: ApproxQualifier;
  date: DatePart;
}
/** `BEF 1850` (to), `AFT 1850` (from), `BET 1850 AND 1860` (both). */
export interface RangeDate extends Base {
  kind: 'range';
  qualifier: RangeQualifier;
  from?: DatePart;
  to?: DatePart;
}
/** `FROM 1850` (from), `TO 1860` (to), `FROM 1850 TO 1860` (both). */
export interface PeriodDate extends Base {
  kind: 'period';
  qualifier: PeriodQualifier;
  from?: DatePart;
  to?: DatePart;
}
/** 5.5.1 `INT 1850 (text)`: a date interpreted from the phrase. */
export interface InterpretedDate extends Base {
  kind: 'interpreted';
  date: DatePart;
  phrase: string;
}
/** Text that is not a date (kept verbatim, never thrown away); also the empty payload. */
export interface PhraseDate extends Base {
  kind: 'phrase';
  phrase: string;
}

export type GedcomDate = ExactDate | ApproxDate | RangeDate | PeriodDate | InterpretedDate | PhraseDate;
export type GedcomDateKind = GedcomDate['kind'];

export type GedcomVersion = '5.5.1' | '7.0';
