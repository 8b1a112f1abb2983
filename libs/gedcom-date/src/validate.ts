/**
 * The strict grammar, for validators: GEDCOM 7.0 `DateValue` (ABNF in the 7.0
 * specification, section "Date") and GEDCOM 5.5.1 `DATE_VALUE`. Separate from the
 * tolerant parser on purpose: this one says whether a payload is *written* right.
 * Beyond the ABNF it checks what the prose requires: months belong to the calendar,
 * 1 <= day <= the month's length in that year, no year 0, BCE only where permitted,
 * and 5.5.1 dual years are `year/(year+1)` in two digits (`1699/00`).
 */
import { allowsBce, daysInMonth, isKnownCalendar, monthsOf } from './calendars/index.js';
import type { Calendar, GedcomVersion } from './types.js';

export type DateErrorCode = 'syntax' | 'calendar' | 'month' | 'day' | 'year' | 'epoch' | 'dual-year';

export interface DateError {
  code: DateErrorCode;
  message: string;
}

export interface DateValidation {
  valid: boolean;
  errors: DateError[];
}

const RESTRICT = new Set(['FROM', 'TO', 'BET', 'AND', 'BEF', 'AFT', 'ABT', 'CAL', 'EST']);
const INTEGER = /^\d+$/;
const EXT_TAG = /^_[A-Z0-9_]+$/;
const STD_TAG = /^[A-Z][A-Z0-9_]*$/;
const ESCAPES: Record<string, Calendar> = {
  '@#DGREGORIAN@': 'GREGORIAN', '@#DJULIAN@': 'JULIAN', '@#DHEBREW@': 'HEBREW',
  '@#DFRENCH R@': 'FRENCH_R', '@#DROMAN@': '_ROMAN', '@#DUNKNOWN@': '_UNKNOWN',
};
const V7_CALENDARS = new Set(['GREGORIAN', 'JULIAN', 'HEBREW', 'FRENCH_R']);

type Fail = (code: DateErrorCode, message: string) => void;

/** `[calendar] [[day] month] year [epoch]` in one version; tokens are already split on single spaces. */
function checkDate(tokens: string[], version: GedcomVersion, fail: Fail): void {
  const rest = [...tokens];
  let calendar: Calendar = 'GREGORIAN';
  if (version === '7.0' && rest.length > 1 && (V7_CALENDARS.has(rest[0]) || EXT_TAG.test(rest[0]))) {
    calendar = rest.shift() as string;
  } else if (version === '5.5.1' && (V7_CALENDARS.has(rest[0]) || EXT_TAG.test(rest[0]))) {
    return fail('calendar', `5.5.1 names a calendar with an escape such as @#DJULIAN@, not ${rest[0]}`);
  } else if (version === '5.5.1' && rest[0]?.startsWith('@#D')) {
    const escape = rest.shift() as string;
    if (!Object.hasOwn(ESCAPES, escape)) return fail('calendar', `unknown calendar escape ${escape}`);
    calendar = ESCAPES[escape];
  }
  let bce = false;
  const last = rest[rest.length - 1] ?? '';
  if (version === '7.0' && rest.length > 1 && (last === 'BCE' || EXT_TAG.test(last))) {
    rest.pop();
    if (last !== 'BCE' && isKnownCalendar(calendar)) return fail('epoch', `${calendar} has no epoch ${last}`);
    bce = last === 'BCE';
  } else if (version === '5.5.1' && rest.length === 2 && last === 'B.C.') {
    rest.pop();
    bce = true;
  } else if (version === '5.5.1' && rest.length === 1 && last.endsWith('B.C.')) {
    rest[0] = last.slice(0, -4);
    bce = true;
  } else if (version === '5.5.1' && last === 'B.C.') {
    return fail('epoch', 'in 5.5.1, B.C. follows a year alone');
  }
  if (bce && isKnownCalendar(calendar) && !allowsBce(calendar) && version === '7.0') {
    return fail('epoch', `${calendar} has no BCE epoch`);
  }
  if (rest.length === 0 || rest.length > 3) return fail('syntax', `not a date: ${tokens.join(' ')}`);
  const yearText = rest[rest.length - 1];
  const year = checkYear(yearText, calendar, version, fail);
  if (year === null || rest.length === 1) return;
  const month = rest[rest.length - 2];
  if (!(STD_TAG.test(month) || EXT_TAG.test(month)) || RESTRICT.has(month)) return fail('syntax', `not a month: ${month}`);
  if (isKnownCalendar(calendar) && !monthsOf(calendar).includes(month) && !(version === '7.0' && EXT_TAG.test(month))) {
    return fail('month', `${month} is not a ${calendar} month`);
  }
  if (rest.length === 2) return;
  const day = rest[0];
  if (!INTEGER.test(day) || (version === '5.5.1' && day.length > 2)) return fail('syntax', `not a day: ${day}`);
  const length = daysInMonth({ calendar, year, month, bce });
  if (length !== null && (Number(day) < 1 || Number(day) > length)) {
    fail('day', `${month} ${yearText} has days 1-${length}, not ${Number(day)}`);
  }
}

/** The year's number (the new-style year of a dual year), or null after reporting a problem. */
function checkYear(text: string, calendar: Calendar, version: GedcomVersion, fail: Fail): number | null {
  const dual = /^(\d+)\/(\d+)$/.exec(text);
  if (dual && version === '5.5.1' && calendar === 'GREGORIAN') {
    const [, year, suffix] = dual;
    const expected = String((Number(year) + 1) % 100).padStart(2, '0');
    if (suffix !== expected) fail('dual-year', `${text}: the year after ${year} is written ${year}/${expected}`);
    return Number(year) + 1;
  }
  if (!INTEGER.test(text)) {
    fail(dual ? 'dual-year' : 'syntax', dual ? `dual years are only 5.5.1 Gregorian: ${text}` : `not a year: ${text}`);
    return null;
  }
  if (version === '5.5.1' && calendar !== 'GREGORIAN' && (text.length < 3 || text.length > 4)) {
    fail('year', `a 5.5.1 ${calendar} year has 3 or 4 digits: ${text}`);
    return null;
  }
  if (Number(text) === 0 || !Number.isSafeInteger(Number(text))) {
    fail('year', Number(text) === 0 ? 'there is no year 0' : `year ${text} is too large`);
    return null;
  }
  return Number(text);
}

/** Splits on single spaces; 5.5.1's `@#DFRENCH R@` is one token. Empty tokens mean stray spaces. */
function split(text: string, fail: Fail): string[] | null {
  const tokens = text.replace(/@#DFRENCH R@/g, '@#DFRENCH\u0000R@').split(' ').map((t) => t.replace('\u0000', ' '));
  if (tokens.some((t) => t === '')) {
    fail('syntax', 'dates are written with single spaces and no leading or trailing space');
    return null;
  }
  return tokens;
}

/** One date with no keyword inside it. */
function checkPlain(tokens: string[], version: GedcomVersion, fail: Fail): void {
  const stray = tokens.find((t) => RESTRICT.has(t) || t === 'INT');
  if (stray) fail('syntax', `${stray} is out of place`);
  else checkDate(tokens, version, fail);
}

/** `FROM x TO y`, `BET x AND y`, `ABT x`, `x`, ... over the tokens. */
function checkValue(tokens: string[], version: GedcomVersion, fail: Fail): void {
  const [head, ...rest] = tokens;
  const at = (word: string) => rest.indexOf(word);
  const date = (part: string[]) => checkPlain(part, version, fail);
  switch (head) {
    case 'ABT':
    case 'CAL':
    case 'EST':
    case 'BEF':
    case 'AFT':
    case 'TO':
      return date(rest);
    case 'BET':
      if (at('AND') < 0) return fail('syntax', 'BET without AND');
      date(rest.slice(0, at('AND')));
      return date(rest.slice(at('AND') + 1));
    case 'FROM':
      if (at('TO') < 0) return date(rest);
      date(rest.slice(0, at('TO')));
      return date(rest.slice(at('TO') + 1));
    default:
      return date(tokens);
  }
}

/** Checks a DATE payload against the strict grammar of `version`; every problem found is listed. */
export function validateGedcomDate(text: string, version: GedcomVersion): DateValidation {
  const errors: DateError[] = [];
  const fail: Fail = (code, message) => {
    errors.push({ code, message });
  };
  const value = typeof text === 'string' ? text : '';
  if (value === '') {
    if (version === '5.5.1') fail('syntax', 'a 5.5.1 date is not empty');
  } else if (version === '5.5.1' && /^\(.*\)$/s.test(value)) {
    // (DATE_PHRASE): any text
  } else if (version === '5.5.1' && value.startsWith('INT ')) {
    const open = value.indexOf(' (');
    if (open < 0 || !value.endsWith(')')) fail('syntax', 'INT needs a date and a (phrase)');
    else {
      const tokens = split(value.slice(4, open), fail);
      if (tokens) checkPlain(tokens, version, fail);
    }
  } else {
    const tokens = split(value, fail);
    if (tokens) checkValue(tokens, version, fail);
  }
  return { valid: errors.length === 0, errors };
}

/** Whether a DATE payload is valid under the strict grammar of `version` (see validateGedcomDate). */
export function isValidGedcomDate(text: string, version: GedcomVersion): boolean {
  return validateGedcomDate(text, version).valid;
}
