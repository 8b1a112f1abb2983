/**
 * What a HEAD.CHAR value means. Programs wrote many spellings for the same thing, so names
 * are compared without case, spaces, hyphens or underscores (`UTF-8`, `utf8`, `IBM PC`).
 */
import type { GedcomEncoding } from '../types.js';

const CHARSETS: Record<string, GedcomEncoding> = {
  ANSEL: 'ansel',
  UTF8: 'utf-8',
  // In a file without UTF-16 bytes, "UNICODE" can only mean UTF-8 (what 5.5.5 asks for).
  UNICODE: 'utf-8',
  ANSI: 'cp1252',
  WINDOWS1252: 'cp1252',
  CP1252: 'cp1252',
  // Latin-1 files are read as CP1252, its superset: the 0x80-0x9F range is control
  // characters in Latin-1, and the programs that wrote "LATIN1" meant the Windows letters.
  ISO88591: 'cp1252',
  LATIN1: 'cp1252',
  // EasyTree and others wrote "IBM WINDOWS" for the Windows code page, not a DOS one.
  IBMWINDOWS: 'cp1252',
  ASCII: 'ascii',
  USASCII: 'ascii',
  MACINTOSH: 'macroman',
  MACROMAN: 'macroman',
  // "IBMPC" is the DOS code page 437 of the PAF / Brother's Keeper era.
  IBMPC: 'cp437',
  IBMDOS: 'cp437',
  MSDOS: 'cp437',
  CP437: 'cp437',
};

/** The encoding a HEAD.CHAR value names, or undefined for one Rootline does not know. */
export function charsetEncoding(declared: string): GedcomEncoding | undefined {
  return CHARSETS[declared.toUpperCase().replace(/[\s_-]+/g, '')];
}
