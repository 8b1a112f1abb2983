/**
 * Hebrew (Jewish) calendar <-> Julian Day Number, after the arithmetic rules in
 * Reingold & Dershowitz, "Calendrical Calculations": 19-year leap cycle, molad of
 * Tishrei, and the four postponement rules (folded into `elapsedDays` and `delay`).
 *
 * Month codes are GEDCOM's, in civil-year order starting with Tishrei:
 * TSH CSH KSL TVT SHV ADR ADS NSN IYR SVN TMZ AAV ELL. ADR (Adar I) exists only in
 * leap years; in a common year the one Adar is ADS (GEDCOM 7 says so: it is
 * "Adar" or "Adar II"). Days begin at sunset; like every converter we map a Hebrew
 * date to the civil day on which most of it falls.
 */

export const HEBREW_MONTHS = ['TSH', 'CSH', 'KSL', 'TVT', 'SHV', 'ADR', 'ADS', 'NSN', 'IYR', 'SVN', 'TMZ', 'AAV', 'ELL'] as const;

/** JDN of 1 Tishrei AM 1 is this plus `elapsedDays(1)` (= 7 Oct 3761 BCE, Julian). */
const EPOCH_JDN = 347998;

const mod = (a: number, n: number): number => ((a % n) + n) % n;

export function isHebrewLeap(year: number): boolean {
  return mod(7 * year + 1, 19) < 7;
}

/** Days from the epoch to the molad-based new year, with the "molad zaken" and weekday rules. */
function elapsedDays(year: number): number {
  const months = Math.floor((235 * year - 234) / 19);
  const parts = 12084 + 13753 * months;
  const day = 29 * months + Math.floor(parts / 25920);
  return mod(3 * (day + 1), 7) < 3 ? day + 1 : day;
}

/** The remaining postponements that keep year lengths within 353-355 / 383-385 days. */
function delay(year: number): number {
  const prev = elapsedDays(year - 1);
  const cur = elapsedDays(year);
  const next = elapsedDays(year + 1);
  if (next - cur === 356) return 2;
  if (cur - prev === 382) return 1;
  return 0;
}

/** JDN of 1 Tishrei of `year`. */
export function hebrewNewYear(year: number): number {
  return EPOCH_JDN + elapsedDays(year) + delay(year);
}

export function hebrewYearLength(year: number): number {
  return hebrewNewYear(year + 1) - hebrewNewYear(year);
}

/** The months of a year, in order: 12 in a common year (no ADR), 13 in a leap year. */
function hebrewMonthsOf(year: number): readonly string[] {
  return isHebrewLeap(year) ? HEBREW_MONTHS : HEBREW_MONTHS.filter((m) => m !== 'ADR');
}

export function hebrewDaysInMonth(year: number, month: string): number {
  const length = hebrewYearLength(year);
  switch (month) {
    case 'CSH':
      return length % 10 === 5 ? 30 : 29; // 355 or 385: a "complete" year, long Marheshvan
    case 'KSL':
      return length % 10 === 3 ? 29 : 30; // 353 or 383: a "deficient" year, short Kislev
    case 'ADR':
      return 30;
    case 'TVT':
    case 'ADS':
    case 'IYR':
    case 'TMZ':
    case 'ELL':
      return 29;
    default:
      return 30;
  }
}

/** JDN of day 1 of `month`; ADR in a common year is read as ADS (the only Adar). */
export function hebrewMonthStart(year: number, month: string): number {
  const wanted = month === 'ADR' && !isHebrewLeap(year) ? 'ADS' : month;
  let jdn = hebrewNewYear(year);
  for (const m of hebrewMonthsOf(year)) {
    if (m === wanted) return jdn;
    jdn += hebrewDaysInMonth(year, m);
  }
  throw new RangeError(`not a Hebrew month: ${month}`);
}

export function jdnToHebrew(jdn: number): { year: number; month: string; day: number } {
  let year = Math.floor((jdn - EPOCH_JDN) / 365.2468) + 1;
  while (hebrewNewYear(year) > jdn) year--;
  while (hebrewNewYear(year + 1) <= jdn) year++;
  let start = hebrewNewYear(year);
  for (const month of hebrewMonthsOf(year)) {
    const days = hebrewDaysInMonth(year, month);
    if (jdn < start + days) return { year, month, day: jdn - start + 1 };
    start += days;
  }
  throw new RangeError(`JDN ${jdn} not placed`); // unreachable: the months fill the year
}
