/**
 * The tolerant parser's vocabulary: how raw text becomes tokens, and which
 * spellings mean which GEDCOM keyword, calendar, month or epoch. Case and
 * whitespace never matter here; trailing dots (`Abt.`, `Sept.`) and commas are ignored.
 */
import { monthsOf } from './calendars/index.js';
import type { Calendar, KnownCalendar } from './types.js';

export type Keyword = 'ABT' | 'CAL' | 'EST' | 'BEF' | 'AFT' | 'BET' | 'AND' | 'FROM' | 'TO' | 'INT';

const KEYWORDS: Record<string, Keyword> = {
  ABT: 'ABT', ABOUT: 'ABT', CA: 'ABT', CIRCA: 'ABT', C: 'ABT', APPROX: 'ABT', AROUND: 'ABT',
  CAL: 'CAL', CALC: 'CAL', CALCULATED: 'CAL',
  EST: 'EST', ESTIMATED: 'EST',
  BEF: 'BEF', BEFORE: 'BEF',
  AFT: 'AFT', AFTER: 'AFT',
  BET: 'BET', BETWEEN: 'BET', BTW: 'BET',
  AND: 'AND',
  FROM: 'FROM',
  TO: 'TO', UNTIL: 'TO', TILL: 'TO',
  INT: 'INT', INTERPRETED: 'INT',
};

const CALENDARS: Record<string, Calendar> = {
  GREGORIAN: 'GREGORIAN', JULIAN: 'JULIAN', HEBREW: 'HEBREW', FRENCH_R: 'FRENCH_R', FRENCH: 'FRENCH_R',
  '@#DGREGORIAN@': 'GREGORIAN', '@#DJULIAN@': 'JULIAN', '@#DHEBREW@': 'HEBREW',
  '@#DFRENCH_R@': 'FRENCH_R', '@#DFRENCH@': 'FRENCH_R', '@#DROMAN@': '_ROMAN', '@#DUNKNOWN@': '_UNKNOWN',
};

/** 5.5.1 calendars without a GEDCOM 7 definition, written bare by some converters. */
const LEGACY_CALENDARS: Record<string, Calendar> = { ROMAN: '_ROMAN', UNKNOWN: '_UNKNOWN' };

const MONTH_NAMES: Record<string, [KnownCalendar, string]> = {};
const addNames = (calendar: KnownCalendar, code: string, ...names: string[]) => {
  for (const name of [code, ...names]) MONTH_NAMES[name] = [calendar, code];
};
addNames('GREGORIAN', 'JAN', 'JANUARY');
addNames('GREGORIAN', 'FEB', 'FEBRUARY');
addNames('GREGORIAN', 'MAR', 'MARCH');
addNames('GREGORIAN', 'APR', 'APRIL');
addNames('GREGORIAN', 'MAY');
addNames('GREGORIAN', 'JUN', 'JUNE');
addNames('GREGORIAN', 'JUL', 'JULY');
addNames('GREGORIAN', 'AUG', 'AUGUST');
addNames('GREGORIAN', 'SEP', 'SEPT', 'SEPTEMBER');
addNames('GREGORIAN', 'OCT', 'OCTOBER');
addNames('GREGORIAN', 'NOV', 'NOVEMBER');
addNames('GREGORIAN', 'DEC', 'DECEMBER');
addNames('HEBREW', 'TSH', 'TISHREI', 'TISHRI');
addNames('HEBREW', 'CSH', 'CHESHVAN', 'HESHVAN', 'MARCHESHVAN', 'MARHESHVAN');
addNames('HEBREW', 'KSL', 'KISLEV');
addNames('HEBREW', 'TVT', 'TEVET', 'TEVETH');
addNames('HEBREW', 'SHV', 'SHEVAT', 'SHVAT');
addNames('HEBREW', 'ADR');
addNames('HEBREW', 'ADS');
addNames('HEBREW', 'NSN', 'NISAN');
addNames('HEBREW', 'IYR', 'IYAR', 'IYYAR');
addNames('HEBREW', 'SVN', 'SIVAN');
addNames('HEBREW', 'TMZ', 'TAMMUZ', 'TAMUZ');
addNames('HEBREW', 'AAV', 'AV');
addNames('HEBREW', 'ELL', 'ELUL');
for (const [code, ...names] of [
  ['VEND', 'VENDEMIAIRE'], ['BRUM', 'BRUMAIRE'], ['FRIM', 'FRIMAIRE'], ['NIVO', 'NIVOSE'], ['PLUV', 'PLUVIOSE'],
  ['VENT', 'VENTOSE'], ['GERM', 'GERMINAL'], ['FLOR', 'FLOREAL'], ['PRAI', 'PRAIRIAL'], ['MESS', 'MESSIDOR'],
  ['THER', 'THERMIDOR'], ['FRUC', 'FRUCTIDOR'], ['COMP', 'COMPLEMENTAIRE', 'SANSCULOTTIDE'],
]) {
  addNames('FRENCH_R', code, ...names);
}

/** Upper case, accents stripped, trailing dot dropped: the key every lookup uses. */
export function wordKey(token: string): string {
  return token
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/\.$/, '');
}

export function keywordOf(token: string): Keyword | undefined {
  const key = wordKey(token);
  return Object.hasOwn(KEYWORDS, key) ? KEYWORDS[key] : undefined;
}

/** A calendar name or 5.5.1 escape; `legacy` says a bare ROMAN/UNKNOWN was mapped. */
export function calendarOf(token: string): { calendar: Calendar; legacy: boolean } | undefined {
  const key = wordKey(token);
  if (Object.hasOwn(CALENDARS, key)) return { calendar: CALENDARS[key], legacy: false };
  if (Object.hasOwn(LEGACY_CALENDARS, key)) return { calendar: LEGACY_CALENDARS[key], legacy: true };
  if (/^@#D[A-Z0-9_]+@$/.test(key)) return { calendar: `_${key.slice(3, -1)}`, legacy: true };
  if (/^_[A-Z0-9_]+$/.test(key)) return { calendar: key, legacy: false };
  return undefined;
}

/** A month name or code, with the known calendar it belongs to. */
export function monthOf(token: string): { calendar: KnownCalendar; code: string } | undefined {
  const key = wordKey(token);
  if (!Object.hasOwn(MONTH_NAMES, key)) return undefined;
  const [calendar, code] = MONTH_NAMES[key];
  return { calendar, code };
}

export function isMonthOf(calendar: Calendar, code: string): boolean {
  return monthsOf(calendar).includes(code);
}

/** `BCE`, `B.C.`, `BC`, `B.C.E.` → 'BCE'; `AD`, `A.D.`, `CE` → 'CE'. */
export function eraOf(token: string): 'BCE' | 'CE' | undefined {
  const key = wordKey(token).replace(/\./g, '');
  if (key === 'BC' || key === 'BCE') return 'BCE';
  if (key === 'AD' || key === 'CE') return 'CE';
  return undefined;
}

/**
 * Splits a date payload (without its parenthesised phrase) into tokens: whitespace
 * and commas separate, a 5.5.1 escape such as `@#DFRENCH R@` stays one token, and a
 * year glued to its era (`1401B.C.`) is split off.
 */
export function tokenize(text: string): string[] {
  const escaped = text.replace(/@#D([^@]*)@/gi, (_m, name: string) => ` @#D${name.trim().replace(/\s+/g, '_')}@ `);
  return escaped
    .replace(/,/g, ' ')
    .replace(/(\d)(B\.?\s?C\.?(?:E\.?)?)(?=\s|$)/gi, '$1 $2')
    .replace(/\bB\.\s+C\./gi, 'B.C.')
    .split(/\s+/)
    .filter((token) => token !== '');
}
