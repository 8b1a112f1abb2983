/**
 * One structure as GEDCOM lines. Multi-line payloads become CONT lines; GEDCOM 5.5.1 lines
 * longer than the limit are split with CONC; `@` is escaped as each version requires.
 *
 * - 7.0 doubles only a payload line's leading `@` (`@@home`), and has no CONC and no line limit.
 * - 5.5.1 doubles every `@` of a text payload, but keeps escapes such as `@#DJULIAN@` in
 *   dates as they are (they are escapes, not text).
 * - The 5.5.1 limit counts the whole line, level, tag and terminator included, in UTF-16
 *   code units (a surrogate pair counts 2, so the limit also holds for characters).
 */
import type { GedcomNode } from '../types.js';

export type WriteVersion = '7.0' | '5.5.1';

export interface LineFormat {
  version: WriteVersion;
  /** 5.5.1 only: longest line, terminator included. */
  maxLineLength: number;
}

/** Lines end with LF: both versions allow it, and every reader we know accepts it. */
export const EOL = '\n';

/** The smallest room a CONC piece needs to make progress: a surrogate pair or an `@@`. */
const MIN_PIECE = 2;

/** A 5.5.1 payload line's text split into units that must stay together: characters, surrogate pairs, `@@`, `@#...@` escapes. */
function units(text: string): string[] {
  return text.match(/@#[^@]*@|@|[\uD800-\uDBFF][\uDC00-\uDFFF]|[^]/g)?.map((unit) => (unit === '@' ? '@@' : unit)) ?? [];
}

/**
 * Where to cut a 5.5.1 line so neither piece loses a space at the cut (readers trim CONC
 * pieces): the last cut at or before `room` units that has no space on either side,
 * or `room` itself when there is none (a run of spaces).
 */
function cutPoint(pieces: string[], room: number): number {
  for (let cut = room; cut > 0; cut--) {
    if (pieces[cut - 1] !== ' ' && pieces[cut] !== ' ') return cut;
  }
  return room;
}

/** Packs units into pieces of at most `room` code units each (a unit longer than the room goes alone). */
function pack(all: string[], firstRoom: number, nextRoom: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  let left = all.reduce((sum, unit) => sum + unit.length, 0);
  let room = firstRoom;
  while (left > room) {
    let fit = start;
    let length = 0;
    while (fit < all.length && length + all[fit].length <= room) length += all[fit++].length;
    const cut = fit === start ? start + 1 : start + cutPoint(all.slice(start, fit + 1), fit - start);
    const piece = all.slice(start, cut).join('');
    pieces.push(piece);
    left -= piece.length;
    start = cut;
    room = nextRoom;
  }
  pieces.push(all.slice(start).join(''));
  return pieces;
}

/** `level [@xref@ ]TAG[ payload]` */
function line(level: number, tag: string, payload: string, xref?: string): string {
  return `${level} ${xref === undefined ? '' : `@${xref}@ `}${tag}${payload === '' ? '' : ` ${payload}`}`;
}

/**
 * `out` with the lines of one payload line (the structure's own line or a CONT) after it, each
 * ended, with its CONC pieces after it in 5.5.1, at `concLevel`: the structure's level + 1,
 * for CONT lines too.
 */
function payloadLines(out: string, level: number, concLevel: number, tag: string, text: string, format: LineFormat, xref?: string): string {
  // Most payloads need no escape and no cut: written as they are, without splitting them into units.
  if (format.version === '7.0') return out + line(level, tag, text.startsWith('@') ? `@${text}` : text, xref) + EOL;
  if (!text.includes('@')) {
    const whole = line(level, tag, text, xref);
    if (whole.length + EOL.length <= format.maxLineLength) return out + whole + EOL;
  }
  const escaped = units(text);
  const head = line(level, tag, '', xref).length + 1 + EOL.length;
  const conc = line(concLevel, 'CONC', '').length + 1 + EOL.length;
  const room = (prefix: number) => Math.max(MIN_PIECE, format.maxLineLength - prefix);
  const [first, ...more] = pack(escaped, room(head), room(conc));
  out += line(level, tag, first, xref) + EOL;
  for (const piece of more) out += line(concLevel, 'CONC', piece) + EOL;
  return out;
}

/** `out` with a structure's own lines (not its substructures') after it, at `level`. */
function structureLines(node: GedcomNode, level: number, format: LineFormat, out: string): string {
  const xref = level === 0 ? node.xref : undefined;
  if (node.pointer !== undefined) return out + line(level, node.tag, `@${node.pointer}@`, xref) + EOL;
  const value = node.value ?? '';
  if (!value.includes('\n') && !value.includes('\r')) return payloadLines(out, level, level + 1, node.tag, value, format, xref);
  const [first, ...continued] = value.split(/\r\n|\r|\n/);
  out = payloadLines(out, level, level + 1, node.tag, first, format, xref);
  for (const text of continued) out = payloadLines(out, level + 1, level + 1, 'CONT', text, format);
  return out;
}

/** `out` with a structure and all its substructures after it, at `level`. */
function structureText(node: GedcomNode, level: number, format: LineFormat, out: string): string {
  out = structureLines(node, level, format, out);
  for (const child of node.children) out = structureText(child, level + 1, format, out);
  return out;
}

/**
 * A record and all its substructures as text, each line ended; levels come from the tree, not
 * `node.level`. Built as one string, line by line: a record of a large export is written
 * without an array of its lines to join (what kept the collector busy).
 */
export function recordText(record: GedcomNode, format: LineFormat): string {
  return structureText(record, 0, format, '');
}
