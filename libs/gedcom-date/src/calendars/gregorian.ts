/**
 * Proleptic Gregorian calendar <-> Julian Day Number. Years are astronomical
 * (1 BCE = 0, 2 BCE = -1); months 1-12. The formulas (Fliegel & Van Flandern, with
 * floor division) hold for every year this library meets.
 */

export const GREGORIAN_MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] as const;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isGregorianLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function gregorianDaysInMonth(year: number, month: number): number {
  return month === 2 && isGregorianLeap(year) ? 29 : MONTH_DAYS[month - 1];
}

/** Shared by the Julian calendar: days of the months before `month`, counted from March. */
export function marchBased(year: number, month: number): { y: number; m: number } {
  const a = Math.floor((14 - month) / 12);
  return { y: year + 4800 - a, m: month + 12 * a - 3 };
}

export function gregorianToJdn(year: number, month: number, day: number): number {
  const { y, m } = marchBased(year, month);
  return (
    day + Math.floor((153 * m + 2) / 5) + 365 * y + Math.floor(y / 4) - Math.floor(y / 100) + Math.floor(y / 400) - 32045
  );
}

export interface Ymd {
  year: number;
  month: number;
  day: number;
}

/** Shared tail of both `fromJdn` conversions. */
export function ymdFromMarchDays(centuryYears: number, c: number): Ymd {
  const d = Math.floor((4 * c + 3) / 1461);
  const e = c - Math.floor((1461 * d) / 4);
  const m = Math.floor((5 * e + 2) / 153);
  return {
    day: e - Math.floor((153 * m + 2) / 5) + 1,
    month: m + 3 - 12 * Math.floor(m / 10),
    year: centuryYears + d - 4800 + Math.floor(m / 10),
  };
}

export function jdnToGregorian(jdn: number): Ymd {
  const a = jdn + 32044;
  const b = Math.floor((4 * a + 3) / 146097);
  const c = a - Math.floor((146097 * b) / 4);
  return ymdFromMarchDays(100 * b, c);
}
