/**
 * One GEDCOM line, `level [@xref@] tag [payload]`, read tolerantly: indentation, several
 * spaces or tabs between fields, an xref with spaces inside, a tag in lower case. Written
 * with charCodeAt/indexOf rather than a regular expression: it runs once per line, a
 * million times for a 50 MB file.
 */

export interface GedcomLine {
  level: number;
  /** Without the @ signs, as written. */
  xref?: string;
  /** The xref had no closing @ (read up to the next space). */
  xrefUnterminated?: boolean;
  tag: string;
  /** Everything after the one space that follows the tag, as written ('' when empty). */
  payload: string;
  /** Indented, or more than one space/tab between level, xref and tag. */
  loose: boolean;
}

export interface LineFault {
  fault: 'bad-line' | 'bad-level';
  message: string;
}

const SPACE = 32;
const TAB = 9;
const AT = 64;
const isBlank = (code: number) => code === SPACE || code === TAB;

/** Index of the first character after spaces and tabs from `from`. */
function skipBlanks(text: string, from: number): number {
  let i = from;
  while (i < text.length && isBlank(text.charCodeAt(i))) i++;
  return i;
}

/** Index of the next space or tab from `from`, or the end of the text. */
function nextBlank(text: string, from: number): number {
  const space = text.indexOf(' ', from);
  const end = space === -1 ? text.length : space;
  const tab = text.indexOf('\t', from);
  return tab !== -1 && tab < end ? tab : end;
}

export function parseLine(text: string): GedcomLine | LineFault {
  let i = skipBlanks(text, 0);
  let loose = i > 0;
  const levelStart = i;
  let level = 0;
  for (let code = text.charCodeAt(i); code >= 48 && code <= 57; code = text.charCodeAt(++i)) level = level * 10 + code - 48;
  if (i === levelStart) return { fault: 'bad-line', message: 'the line does not start with a level number' };
  if (i === text.length || !isBlank(text.charCodeAt(i))) return { fault: 'bad-line', message: 'no tag after the level' };
  if (level > 99) return { fault: 'bad-level', message: `level ${level} is above 99` };
  let start = skipBlanks(text, i);
  loose ||= start > i + 1;
  let xref: string | undefined;
  let xrefUnterminated = false;
  if (text.charCodeAt(start) === AT) {
    const close = text.indexOf('@', start + 1);
    if (close !== -1 && isBlank(text.charCodeAt(close + 1))) {
      xref = text.slice(start + 1, close);
      const after = skipBlanks(text, close + 1);
      loose ||= after > close + 2;
      start = after;
    } else {
      // No closing @ before the tag: `0 @I1 INDI` is read as xref I1.
      const blank = nextBlank(text, start);
      xref = text.slice(start + 1, blank);
      xrefUnterminated = true;
      start = skipBlanks(text, blank);
    }
  }
  const tagEnd = nextBlank(text, start);
  if (tagEnd === start) return { fault: 'bad-line', message: xref === undefined ? 'no tag after the level' : 'no tag after the xref' };
  const written = text.slice(start, tagEnd);
  // Standard tags are upper case; an extension tag is kept exactly as its program wrote it.
  const tag = written.charCodeAt(0) === 95 ? written : written.toUpperCase();
  const payload = tagEnd < text.length ? text.slice(tagEnd + 1) : '';
  const line: GedcomLine = { level, tag, payload, loose };
  if (xref !== undefined) line.xref = xref;
  if (xrefUnterminated) line.xrefUnterminated = true;
  return line;
}

/** A payload of the form @X@ (and not an escape like @#DJULIAN@ or text that starts with @@). */
export function pointerOf(payload: string): string | undefined {
  const last = payload.length - 1;
  if (last < 2 || payload.charCodeAt(0) !== AT || payload.charCodeAt(last) !== AT) return undefined;
  const second = payload.charCodeAt(1);
  if (second === AT || second === 35 /* # */) return undefined;
  return payload.indexOf('@', 1) === last ? payload.slice(1, last) : undefined;
}

/**
 * A text payload with its @ escapes undone: 5.5.x doubles every @ (`a@@b.org`); 7.0 doubles
 * only a leading one, so `@@@@@` is four @.
 */
export function unescapeText(payload: string, gedcom7: boolean): string {
  if (gedcom7) return payload.startsWith('@@') ? payload.slice(1) : payload;
  return payload.includes('@@') ? payload.replaceAll('@@', '@') : payload;
}
