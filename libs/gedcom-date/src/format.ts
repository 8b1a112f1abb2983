/**
 * Back to GEDCOM text. The default is canonical GEDCOM 7.0 (what the exporter
 * writes); `{ version: '5.5.1' }` writes 5.5.1 (escapes, `B.C.`, dual years, `INT`).
 */
import { isHebrewLeap } from './calendars/hebrew.js';
import type { DatePart, GedcomDate, GedcomVersion } from './types.js';
import { readsDualYear } from './dual-year.js';
import { sayableIn551 } from './sayable-551.js';

export interface FormatOptions {
  version?: GedcomVersion;
}

const ESCAPES: Record<string, string> = {
  JULIAN: '@#DJULIAN@', HEBREW: '@#DHEBREW@', FRENCH_R: '@#DFRENCH R@', _ROMAN: '@#DROMAN@', _UNKNOWN: '@#DUNKNOWN@',
};

/** The date parts in order (none for a phrase). */
export function partsOf(date: GedcomDate): DatePart[] {
  switch (date.kind) {
    case 'date':
    case 'approx':
    case 'interpreted':
      return [date.date];
    case 'range':
    case 'period':
      return [date.from, date.to].filter((p): p is DatePart => p !== undefined);
    default:
      return [];
  }
}

function part7(part: DatePart, withCalendar: boolean): string {
  const words: string[] = [];
  if (withCalendar) words.push(part.calendar);
  const year = readsDualYear(part) ? (part.dualYear as number) : part.year;
  if (part.month !== undefined) {
    if (part.day !== undefined) words.push(String(part.day));
    const commonAdar = part.calendar === 'HEBREW' && part.month === 'ADR' && !isHebrewLeap(year);
    words.push(commonAdar ? 'ADS' : part.month);
  }
  words.push(String(year));
  if (part.bce) words.push('BCE');
  if (part.epoch !== undefined) words.push(part.epoch);
  return words.join(' ');
}

function part551(part: DatePart): string {
  const words: string[] = [];
  if (part.calendar !== 'GREGORIAN') words.push(ESCAPES[part.calendar] ?? `@#D${part.calendar.replace(/^_/, '')}@`);
  if (part.month !== undefined) {
    if (part.day !== undefined) words.push(String(part.day));
    words.push(part.month);
  }
  const dual = part.dualYear !== undefined ? `/${String(part.dualYear % 100).padStart(2, '0')}` : '';
  // 5.5.1's Julian, Hebrew and French years have three or four digits: written with four, as 5.5.1 files do (`5 VEND 0010`).
  words.push(`${part.calendar === 'GREGORIAN' ? part.year : String(part.year).padStart(4, '0')}${dual}`);
  if (part.bce) words.push('B.C.');
  return words.join(' ');
}

/**
 * The payload text of a parsed date. GEDCOM 7.0 (default): calendars are named on
 * every date when any is not Gregorian and omitted otherwise (the specification's
 * recommendation), a valid dual year is written as its new-style year, `ADR` in a
 * common Hebrew year as `ADS`, and phrases are left out: they belong in a PHRASE
 * substructure (see `toGedcom7`), so a phrase-only date formats as ''. 5.5.1: what its
 * DATE_VALUE cannot say is first said the nearest way it can (`sayable-551.ts`).
 */
export function formatGedcomDate(given: GedcomDate, options: FormatOptions = {}): string {
  const v551 = options.version === '5.5.1';
  const date = v551 ? sayableIn551(given, part551) : given;
  const parts = partsOf(date);
  const named = parts.some((p) => p.calendar !== 'GREGORIAN');
  const text = (p: DatePart) => (v551 ? part551(p) : part7(p, named));
  switch (date.kind) {
    case 'phrase':
      return v551 && date.phrase !== '' ? `(${date.phrase})` : '';
    case 'date':
      return v551 && date.phrase ? `INT ${text(date.date)} (${date.phrase})` : text(date.date);
    case 'approx':
      return `${date.qualifier} ${text(date.date)}`;
    case 'interpreted':
      return v551 ? `INT ${text(date.date)} (${date.phrase})` : text(date.date);
    case 'range':
      if (date.qualifier === 'BET') return `BET ${text(date.from as DatePart)} AND ${text(date.to as DatePart)}`;
      return date.qualifier === 'BEF' ? `BEF ${text(date.to as DatePart)}` : `AFT ${text(date.from as DatePart)}`;
    case 'period':
      if (date.qualifier === 'FROM_TO') return `FROM ${text(date.from as DatePart)} TO ${text(date.to as DatePart)}`;
      return date.qualifier === 'FROM' ? `FROM ${text(date.from as DatePart)}` : `TO ${text(date.to as DatePart)}`;
  }
}

/**
 * What a GEDCOM 7 exporter writes: the DATE payload and, when the payload alone
 * would lose something, the text for its PHRASE substructure: the phrase of a
 * phrase-only or `INT` date, free text after a date, or the original text of a
 * date with a 5.5.1 dual year (the 7.0 appendix's advice: `30 JAN 1649` + PHRASE `30 JAN 1648/49`).
 */
export function toGedcom7(date: GedcomDate): { date: string; phrase: string | null } {
  const payload = formatGedcomDate(date);
  if (date.phrase !== undefined && date.phrase !== '') return { date: payload, phrase: date.phrase };
  if (partsOf(date).some((p) => p.dualYear !== undefined)) return { date: payload, phrase: date.text.trim() };
  return { date: payload, phrase: null };
}
