/**
 * The tolerant parser: every text becomes a GedcomDate, and nothing is thrown
 * away. What cannot be read as a date is kept as `{ kind: 'phrase' }`.
 */
import { parseDatePart, type PartResult } from './part.js';
import { calendarOf, keywordOf, tokenize, type Keyword } from './tokens.js';
import type { Calendar, DatePart, GedcomDate, PeriodDate, PeriodQualifier, RangeDate, RangeQualifier } from './types.js';

/** Splits `… (text)` into the date text and the parenthesised phrase. */
function splitPhrase(text: string, warnings: string[]): { head: string; phrase?: string } {
  const open = text.indexOf('(');
  if (open < 0) return { head: text };
  let inner = text.slice(open + 1);
  if (inner.endsWith(')')) inner = inner.slice(0, -1);
  else warnings.push('the phrase has no closing parenthesis');
  return { head: text.slice(0, open).trim(), phrase: inner.trim() };
}

const phraseOf = (text: string, phrase: string, warnings: string[] = []): GedcomDate => ({
  kind: 'phrase',
  calendar: 'GREGORIAN',
  phrase,
  text,
  warnings,
});

interface Parts {
  from?: PartResult;
  to?: PartResult;
}

/** Cuts `tokens` at the first keyword in `separators` (`TO`, `AND`, or a lone `-`). */
function cut(tokens: string[], separators: Keyword[]): [string[], string[] | undefined] {
  const at = tokens.findIndex((t) => t === '-' || t === '\u2013' || separators.includes(keywordOf(t) as Keyword));
  return at < 0 ? [tokens, undefined] : [tokens.slice(0, at), tokens.slice(at + 1)];
}

/** A date that must not contain another keyword: `BEF ABT 1850` is not a date. */
function one(tokens: string[] | undefined, calendar?: Calendar): PartResult | null {
  if (!tokens || tokens.length === 0 || tokens.some((t) => keywordOf(t) !== undefined)) return null;
  return parseDatePart(tokens, calendar);
}

type Shape =
  | { kind: 'date' | 'interpreted'; part: PartResult }
  | { kind: 'approx'; qualifier: 'ABT' | 'CAL' | 'EST'; part: PartResult }
  | { kind: 'range'; qualifier: RangeQualifier; parts: Parts }
  | { kind: 'period'; qualifier: PeriodQualifier; parts: Parts };

function shape(tokens: string[], calendar: Calendar | undefined): Shape | null {
  const head = keywordOf(tokens[0] ?? '');
  const rest = tokens.slice(1);
  switch (head) {
    case undefined: {
      const part = one(tokens, calendar);
      return part && { kind: 'date', part };
    }
    case 'ABT':
    case 'CAL':
    case 'EST': {
      const part = one(rest, calendar);
      return part && { kind: 'approx', qualifier: head, part };
    }
    case 'INT': {
      const part = one(rest, calendar);
      return part && { kind: 'interpreted', part };
    }
    case 'BEF':
    case 'TO': {
      const to = one(rest, calendar);
      if (!to) return null;
      return head === 'BEF' ? { kind: 'range', qualifier: 'BEF', parts: { to } } : { kind: 'period', qualifier: 'TO', parts: { to } };
    }
    case 'AFT': {
      const from = one(rest, calendar);
      return from && { kind: 'range', qualifier: 'AFT', parts: { from } };
    }
    case 'BET': {
      const [a, b] = cut(rest, ['AND']);
      const from = one(a, calendar);
      const to = one(b, calendar);
      return from && to && { kind: 'range', qualifier: 'BET', parts: { from, to } };
    }
    case 'FROM': {
      const [a, b] = cut(rest, ['TO']);
      const from = one(a, calendar);
      if (!from) return null;
      if (b === undefined) return { kind: 'period', qualifier: 'FROM', parts: { from } };
      const to = one(b, calendar);
      return to && { kind: 'period', qualifier: 'FROM_TO', parts: { from, to } };
    }
    default:
      return null;
  }
}

const earlierFirst = (from?: DatePart, to?: DatePart): boolean =>
  !from?.range || !to?.range || from.range.first <= to.range.last;

export interface ParseOptions {
  /**
   * The text of a GEDCOM 7 PHRASE substructure of the DATE, kept as the date's
   * `phrase` (for an empty payload, the phrase-only date). It wins over a `(text)` in the payload.
   */
  phrase?: string;
}

/**
 * Parses a GEDCOM 5.5.1 or 7.0 date payload, tolerantly: any case, extra spaces,
 * `Abt.`/`about`/`circa`, month names, `B.C.`, 5.5.1 escapes and dual years. Never throws.
 */
export function parseGedcomDate(text: string, options: ParseOptions = {}): GedcomDate {
  const original = typeof text === 'string' ? text : String(text ?? '');
  let date: GedcomDate;
  try {
    date = parseText(original);
    date.warnings = [...new Set(date.warnings)];
  } catch {
    date = phraseOf(original, original.trim(), ['could not be read as a date']);
  }
  if (typeof options.phrase === 'string' && options.phrase !== '') {
    if (date.kind === 'phrase' && original.trim() !== '') date.warnings.push(`not a date: ${original.trim()}`);
    date.phrase = options.phrase;
  }
  return date;
}

function parseText(original: string): GedcomDate {
  const trimmed = original.trim();
  const warnings: string[] = [];
  const { head, phrase } = splitPhrase(trimmed, warnings);
  if (head === '') return phraseOf(original, phrase ?? '', warnings);
  let tokens = tokenize(head);
  let calendar: Calendar | undefined;
  const hoisted = tokens.length > 2 ? calendarOf(tokens[0]) : undefined;
  if (hoisted && keywordOf(tokens[1]) !== undefined) {
    calendar = hoisted.calendar;
    tokens = tokens.slice(1);
    warnings.push(`calendar ${calendar} written before ${tokens[0]} applies to every date`);
  }
  const found = shape(tokens, calendar);
  if (!found) return phraseOf(original, trimmed.startsWith('(') && phrase !== undefined ? phrase : trimmed, []);
  const base = { text: original, warnings };
  if (found.kind === 'range' || found.kind === 'period') {
    const { from, to } = found.parts;
    warnings.push(...(from?.warnings ?? []), ...(to?.warnings ?? []));
    if (!earlierFirst(from?.part, to?.part)) warnings.push('the later date is written first');
    const calendar = (from ?? to)?.part.calendar ?? 'GREGORIAN';
    const date = { kind: found.kind, qualifier: found.qualifier, calendar, ...base } as RangeDate | PeriodDate;
    if (from) date.from = from.part;
    if (from?.part.range) date.start = from.part.range;
    if (to) date.to = to.part;
    if (to?.part.range) date.end = to.part.range;
    if (phrase !== undefined) finishPhrase(date, phrase, warnings);
    return date;
  }
  const { part, warnings: partWarnings } = found.part;
  warnings.push(...partWarnings);
  const bounds = part.range ? { start: part.range, end: part.range } : {};
  if (found.kind === 'interpreted') {
    if (phrase === undefined) warnings.push('INT without a (phrase)');
    return { kind: 'interpreted', calendar: part.calendar, date: part, phrase: phrase ?? '', ...bounds, ...base };
  }
  const date: GedcomDate =
    found.kind === 'approx'
      ? { kind: 'approx', qualifier: found.qualifier, calendar: part.calendar, date: part, ...bounds, ...base }
      : { kind: 'date', calendar: part.calendar, date: part, ...bounds, ...base };
  if (phrase !== undefined) finishPhrase(date, phrase, warnings);
  return date;
}

function finishPhrase(date: GedcomDate, phrase: string, warnings: string[]): void {
  date.phrase = phrase;
  warnings.push('free text after the date is kept as its phrase');
}
