/**
 * One calendar date in the tolerant reading: `[calendar] [day] [month] year [era]`,
 * also `month day year` (`March 12, 1850`) and ISO `1850-03-12`, with 5.5.1 dual years.
 */
import { dayRangeOf } from './calendars/index.js';
import { calendarOf, eraOf, isMonthOf, monthOf, wordKey } from './tokens.js';
import type { Calendar, DatePart } from './types.js';

export interface PartResult {
  part: DatePart;
  warnings: string[];
}

const YEAR = /^(\d+)(?:\/(\d{1,4}))?$/;
const DAY = /^(\d{1,2})(?:ST|ND|RD|TH)?$/i;
const ISO = /^(\d{4})-(\d{1,2})(?:-(\d{1,2}))?$/;
const EXT_TAG = /^_[A-Z0-9_]+$/;
const STD_TAG = /^[A-Z][A-Z0-9_]*$/;

/** `1750/51` → 1751: the digits after the slash replace the year's last digits, moving forward. */
function expandDualYear(year: number, suffix: string): number {
  const scale = 10 ** suffix.length;
  const candidate = year - (year % scale) + Number(suffix);
  return candidate > year ? candidate : candidate + scale;
}

interface Pieces {
  calendar?: Calendar;
  day?: number;
  month?: string;
  year: number;
  dual?: string;
}

/** Day/month/year from the middle tokens, or null when they do not form a date. */
function pieces(tokens: string[], calendar: Calendar | undefined, warnings: string[]): Pieces | null {
  const iso = tokens.length === 1 ? ISO.exec(tokens[0]) : null;
  if (iso) {
    if (calendar !== undefined && calendar !== 'GREGORIAN') return null;
    const month = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'][Number(iso[2]) - 1];
    if (month === undefined) return null;
    return { calendar: 'GREGORIAN', year: Number(iso[1]), month, day: iso[3] === undefined ? undefined : Number(iso[3]) };
  }
  const yearMatch = YEAR.exec(tokens[tokens.length - 1] ?? '');
  if (!yearMatch || tokens.length > 3 || !Number.isSafeInteger(Number(yearMatch[1]))) return null;
  const result: Pieces = { calendar, year: Number(yearMatch[1]), dual: yearMatch[2] };
  if (tokens.length === 1) return result;
  let monthToken = tokens[tokens.length - 2];
  let dayToken = tokens.length === 3 ? tokens[0] : undefined;
  if (dayToken !== undefined && !DAY.test(dayToken) && DAY.test(monthToken)) {
    [dayToken, monthToken] = [monthToken, dayToken]; // March 12 1850
  }
  if (dayToken !== undefined) {
    const day = DAY.exec(dayToken);
    if (!day) return null;
    result.day = Number(day[1]);
  }
  const known = monthOf(monthToken);
  const key = wordKey(monthToken);
  if (known) {
    if (calendar === undefined) {
      result.calendar = known.calendar;
      if (known.calendar !== 'GREGORIAN') warnings.push(`month ${known.code} implies the ${known.calendar} calendar`);
    } else if (calendar.startsWith('_')) {
      result.month = key;
      return result;
    } else if (!isMonthOf(calendar, known.code)) {
      return null;
    }
    result.month = known.code;
  } else if (EXT_TAG.test(key) || (calendar?.startsWith('_') && STD_TAG.test(key))) {
    result.month = key;
  } else {
    return null;
  }
  return result;
}

/** Parses the tokens of one date; `inherited` is a calendar written before the whole value. */
export function parseDatePart(input: string[], inherited?: Calendar): PartResult | null {
  const tokens = [...input];
  const warnings: string[] = [];
  let calendar = inherited;
  const named = tokens.length > 1 ? calendarOf(tokens[0]) : undefined;
  if (named) {
    tokens.shift();
    calendar = named.calendar;
    if (named.legacy) warnings.push(`calendar ${input[0]} read as ${named.calendar}`);
  }
  let bce = false;
  let epoch: string | undefined;
  while (tokens.length > 1 && eraOf(tokens[tokens.length - 1])) {
    if (eraOf(tokens.pop() as string) === 'BCE') bce = true;
  }
  if (!bce && tokens.length > 1 && EXT_TAG.test(wordKey(tokens[tokens.length - 1])) && /^\d+$/.test(tokens[tokens.length - 2])) {
    epoch = wordKey(tokens.pop() as string);
  }
  const found = pieces(tokens, calendar, warnings);
  if (!found) return null;
  const part: DatePart = { calendar: found.calendar ?? 'GREGORIAN', year: found.year, bce };
  if (found.month !== undefined) part.month = found.month;
  if (found.day !== undefined) part.day = found.day;
  if (epoch !== undefined) part.epoch = epoch;
  let readYear = found.year;
  let otherYear: number | undefined;
  if (found.dual !== undefined) {
    part.dualYear = expandDualYear(found.year, found.dual);
    if (part.dualYear === found.year + 1 && !bce) {
      [readYear, otherYear] = [part.dualYear, found.year];
    } else {
      otherYear = part.dualYear;
      warnings.push(`dual year ${found.year}/${found.dual} is not ${found.year}/${String((found.year + 1) % 100).padStart(2, '0')}: read as ${found.year} or ${part.dualYear}`);
    }
  }
  const primary = dayRangeOf({ ...part, year: readYear });
  warnings.push(...primary.warnings);
  if (primary.range) part.range = primary.range;
  if (otherYear !== undefined) {
    const other = dayRangeOf({ ...part, year: otherYear });
    if (other.range) part.alternative = other.range;
  }
  return { part, warnings };
}
