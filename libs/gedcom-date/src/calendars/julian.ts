/**
 * Julian calendar <-> Julian Day Number: the same months as the Gregorian calendar,
 * a leap day every fourth year. Years are astronomical (1 BCE = 0).
 */
import { marchBased, ymdFromMarchDays, type Ymd } from './gregorian.js';

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isJulianLeap(year: number): boolean {
  return ((year % 4) + 4) % 4 === 0;
}

export function julianDaysInMonth(year: number, month: number): number {
  return month === 2 && isJulianLeap(year) ? 29 : MONTH_DAYS[month - 1];
}

export function julianToJdn(year: number, month: number, day: number): number {
  const { y, m } = marchBased(year, month);
  return day + Math.floor((153 * m + 2) / 5) + 365 * y + Math.floor(y / 4) - 32083;
}

export function jdnToJulian(jdn: number): Ymd {
  return ymdFromMarchDays(0, jdn + 32082);
}
