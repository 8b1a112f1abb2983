/**
 * The four calendars behind one interface, and the one place that turns a written
 * calendar date (possibly partial) into the span of days it can denote.
 */
import type { Calendar, DayRange, KnownCalendar } from '../types.js';
import { FRENCH_MONTHS, frenchDaysInMonth, frenchNewYear, frenchToJdn, jdnToFrench } from './french.js';
import { GREGORIAN_MONTHS, gregorianDaysInMonth, gregorianToJdn, jdnToGregorian } from './gregorian.js';
import { HEBREW_MONTHS, hebrewDaysInMonth, hebrewMonthStart, hebrewNewYear, isHebrewLeap, jdnToHebrew } from './hebrew.js';
import { jdnToJulian, julianDaysInMonth, julianToJdn } from './julian.js';

interface CalendarSystem {
  months: readonly string[];
  /** Whether `BCE` is a permitted epoch (years are then astronomical internally). */
  bce: boolean;
  /** The lowest year (as written, before BCE) the conversion accepts. */
  minYear: number;
  yearStart(year: number): number;
  monthStart(year: number, month: string): number;
  daysInMonth(year: number, month: string): number;
  fromJdn(jdn: number): { year: number; month: string; day: number };
}

const monthNumber = (month: string) => GREGORIAN_MONTHS.indexOf(month as (typeof GREGORIAN_MONTHS)[number]) + 1;

const SYSTEMS: Record<KnownCalendar, CalendarSystem> = {
  GREGORIAN: {
    months: GREGORIAN_MONTHS,
    bce: true,
    minYear: 1,
    yearStart: (y) => gregorianToJdn(y, 1, 1),
    monthStart: (y, m) => gregorianToJdn(y, monthNumber(m), 1),
    daysInMonth: (y, m) => gregorianDaysInMonth(y, monthNumber(m)),
    fromJdn: (jdn) => {
      const { year, month, day } = jdnToGregorian(jdn);
      return { year, month: GREGORIAN_MONTHS[month - 1], day };
    },
  },
  JULIAN: {
    months: GREGORIAN_MONTHS,
    bce: true,
    minYear: 1,
    yearStart: (y) => julianToJdn(y, 1, 1),
    monthStart: (y, m) => julianToJdn(y, monthNumber(m), 1),
    daysInMonth: (y, m) => julianDaysInMonth(y, monthNumber(m)),
    fromJdn: (jdn) => {
      const { year, month, day } = jdnToJulian(jdn);
      return { year, month: GREGORIAN_MONTHS[month - 1], day };
    },
  },
  HEBREW: {
    months: HEBREW_MONTHS,
    bce: false,
    minYear: 1,
    yearStart: hebrewNewYear,
    monthStart: hebrewMonthStart,
    daysInMonth: (y, m) => hebrewDaysInMonth(y, m === 'ADR' && !isHebrewLeap(y) ? 'ADS' : m),
    fromJdn: jdnToHebrew,
  },
  FRENCH_R: {
    months: FRENCH_MONTHS,
    bce: false,
    minYear: 1,
    yearStart: frenchNewYear,
    monthStart: (y, m) => frenchToJdn(y, m, 1),
    daysInMonth: frenchDaysInMonth,
    fromJdn: jdnToFrench,
  },
};

export function isKnownCalendar(calendar: Calendar): calendar is KnownCalendar {
  return Object.hasOwn(SYSTEMS, calendar);
}

/** Month tags of a known calendar in year order (Hebrew lists ADR even though common years lack it). */
export function monthsOf(calendar: Calendar): readonly string[] {
  return isKnownCalendar(calendar) ? SYSTEMS[calendar].months : [];
}

export function allowsBce(calendar: Calendar): boolean {
  return isKnownCalendar(calendar) && SYSTEMS[calendar].bce;
}

/** A calendar date as written: `year` is positive, `bce` marks the era. */
export interface WrittenDate {
  calendar: Calendar;
  year: number;
  month?: string;
  day?: number;
  bce?: boolean;
}

/** Beyond this a year is noise (`1 JAN 19982` is fine, `10**20` is not). */
const MAX_YEAR = 999_999;

/** Astronomical year (1 BCE = 0) for Gregorian/Julian; the written year elsewhere. */
const internalYear = (d: WrittenDate) => (d.bce ? 1 - d.year : d.year);

/** Days in a month, or null when the calendar, year or month cannot be converted. */
export function daysInMonth(date: WrittenDate): number | null {
  if (!isKnownCalendar(date.calendar) || date.month === undefined) return null;
  const system = SYSTEMS[date.calendar];
  if (!system.months.includes(date.month) || date.year < system.minYear) return null;
  if (date.bce && !system.bce) return null;
  return system.daysInMonth(internalYear(date), date.month);
}

/**
 * The days a written date can denote, with what had to be assumed. Impossible
 * parts widen the span instead of failing: `31 NOV 1850` becomes all of November
 * (with a warning), an unknown month tag in a known calendar the whole year.
 */
export function dayRangeOf(date: WrittenDate): { range?: DayRange; warnings: string[] } {
  const warnings: string[] = [];
  if (!isKnownCalendar(date.calendar)) return { warnings };
  const system = SYSTEMS[date.calendar];
  if (date.bce && !system.bce) return { warnings: [`${date.calendar} has no BCE epoch`] };
  if (!Number.isSafeInteger(date.year) || date.year < system.minYear || date.year > MAX_YEAR) {
    return { warnings: [`year ${date.year} does not exist in the ${date.calendar} calendar`] };
  }
  const year = internalYear(date);
  if (date.month === undefined || !system.months.includes(date.month)) {
    if (date.month !== undefined) warnings.push(`month ${date.month} is not a ${date.calendar} month; the whole year is used`);
    return { range: { first: system.yearStart(year), last: system.yearStart(year + 1) - 1 }, warnings };
  }
  if (date.calendar === 'HEBREW' && date.month === 'ADR' && !isHebrewLeap(year)) {
    warnings.push(`HEBREW ${date.year} is a common year: ADR is read as ADS (Adar)`);
  }
  const first = system.monthStart(year, date.month);
  const length = system.daysInMonth(year, date.month);
  if (date.day === undefined) return { range: { first, last: first + length - 1 }, warnings };
  if (date.day < 1 || date.day > length) {
    warnings.push(`day ${date.day} is outside ${date.month} ${date.year} (1-${length}); the whole month is used`);
    return { range: { first, last: first + length - 1 }, warnings };
  }
  return { range: { first: first + date.day - 1, last: first + date.day - 1 }, warnings };
}

/** JDN of a full calendar date, or null when it does not exist. */
export function toJdn(date: WrittenDate & { month: string; day: number }): number | null {
  const { range, warnings } = dayRangeOf(date);
  return range && warnings.length === 0 ? range.first : null;
}

/** The date in `calendar` of a Julian Day Number (years before 1 as `bce` for Gregorian/Julian). */
export function fromJdn(jdn: number, calendar: KnownCalendar): Required<Omit<WrittenDate, 'calendar'>> & { calendar: KnownCalendar } {
  const { year, month, day } = SYSTEMS[calendar].fromJdn(jdn);
  const bce = SYSTEMS[calendar].bce && year < 1;
  return { calendar, year: bce ? 1 - year : year, month, day, bce };
}
