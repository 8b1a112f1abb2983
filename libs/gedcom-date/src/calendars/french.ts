/**
 * French Republican calendar <-> Julian Day Number. Twelve months of 30 days and
 * the "jours complémentaires" (COMP, 5 days, 6 in a leap year). 1 VEND 1 =
 * Gregorian 22 SEP 1792.
 *
 * Leap ("sextile") years: 3, 7, 11 were the historical ones, and the calendar was
 * abandoned in year 14. We continue the same four-year rhythm (year % 4 === 3) for
 * later years, as Gramps and PHP's calendar extension do, so years 1-14 are exact and
 * later years (the 1871 Paris Commune's 79, test files' 95) are a consistent extrapolation.
 */

export const FRENCH_MONTHS = [
  'VEND', 'BRUM', 'FRIM', 'NIVO', 'PLUV', 'VENT', 'GERM', 'FLOR', 'PRAI', 'MESS', 'THER', 'FRUC', 'COMP',
] as const;

/** JDN of 1 VEND 1. */
const EPOCH_JDN = 2375840;

function isFrenchLeap(year: number): boolean {
  return ((year % 4) + 4) % 4 === 3;
}

export function frenchDaysInMonth(year: number, month: string): number {
  if (month !== 'COMP') return 30;
  return isFrenchLeap(year) ? 6 : 5;
}

/** JDN of 1 VEND of `year`. */
export function frenchNewYear(year: number): number {
  return EPOCH_JDN + 365 * (year - 1) + Math.floor(year / 4);
}

export function frenchToJdn(year: number, month: string, day: number): number {
  const index = FRENCH_MONTHS.indexOf(month as (typeof FRENCH_MONTHS)[number]);
  if (index < 0) throw new RangeError(`not a French Republican month: ${month}`);
  return frenchNewYear(year) + 30 * index + day - 1;
}

export function jdnToFrench(jdn: number): { year: number; month: string; day: number } {
  let year = Math.floor((jdn - EPOCH_JDN) / 365.25) + 1;
  while (frenchNewYear(year) > jdn) year--;
  while (frenchNewYear(year + 1) <= jdn) year++;
  const offset = jdn - frenchNewYear(year);
  return { year, month: FRENCH_MONTHS[Math.floor(offset / 30)], day: (offset % 30) + 1 };
}
