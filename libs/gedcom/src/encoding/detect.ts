/**
 * Which encoding a GEDCOM file's bytes are in, decided from its first bytes: a byte order
 * mark, then the 0x00 pattern UTF-16 gives "0 HEAD", then what HEAD.CHAR declares, then
 * whether the bytes are valid UTF-8. The reader passes up to its first 64 KB.
 */
import type { GedcomEncoding } from '../types.js';
import { charsetEncoding } from './charsets.js';

export interface EncodingDecision {
  encoding: GedcomEncoding;
  /** The bytes start with a byte order mark (the decoder skips it). */
  bom: boolean;
  /** HEAD.CHAR as written, when the head declares one. */
  declaredCharset?: string;
}

/** The UTF-16 form, if the bytes carry a BOM or start with the 0x00 pattern of ASCII text. */
function utf16Of(head: Uint8Array): { encoding: GedcomEncoding; bom: boolean } | undefined {
  if (head.length < 2) return undefined;
  const [first, second] = head;
  if (first === 0xff && second === 0xfe) return { encoding: 'utf-16le', bom: true };
  if (first === 0xfe && second === 0xff) return { encoding: 'utf-16be', bom: true };
  // "0 HEAD" is 30 00 20 00 in UTF-16LE and 00 30 00 20 in UTF-16BE.
  if (first === 0 && second !== 0) return { encoding: 'utf-16be', bom: false };
  if (first !== 0 && second === 0) return { encoding: 'utf-16le', bom: false };
  return undefined;
}

const CHAR_LINE = /^[ \t]*1[ \t]+CHAR(?:[ \t]+([^\r\n]*))?$/m;
const NEXT_RECORD = /[\r\n][ \t]*0[ \t]/;

/** HEAD.CHAR, looked for in HEAD only (up to the second level-0 line). */
function declaredCharsetOf(text: string): string | undefined {
  const next = NEXT_RECORD.exec(text);
  const head = next ? text.slice(0, next.index) : text;
  const declared = CHAR_LINE.exec(head)?.[1]?.trim();
  return declared === undefined || declared === '' ? undefined : declared;
}

/** Valid UTF-8 so far; a character cut off at the end of the head does not count against it. */
function isUtf8(head: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

export function detectEncoding(head: Uint8Array): EncodingDecision {
  const wide = utf16Of(head);
  if (wide) {
    const declared = declaredCharsetOf(new TextDecoder(wide.encoding).decode(head, { stream: true }));
    return declared === undefined ? wide : { ...wide, declaredCharset: declared };
  }
  const bom = head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf;
  const declaredCharset = declaredCharsetOf(Buffer.from(head.buffer, head.byteOffset, head.byteLength).toString('latin1'));
  const declared = declaredCharset === undefined ? undefined : charsetEncoding(declaredCharset);
  // A BOM outranks what HEAD says: the program that wrote the BOM wrote UTF-8.
  const encoding: GedcomEncoding = bom ? 'utf-8' : (declared ?? (isUtf8(head) ? 'utf-8' : 'cp1252'));
  return declaredCharset === undefined ? { encoding, bom } : { encoding, bom, declaredCharset };
}
