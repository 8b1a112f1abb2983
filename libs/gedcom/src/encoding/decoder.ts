/**
 * Bytes to text for every encoding the reader knows, chunk by chunk: a character split
 * across two chunks (UTF-8, UTF-16, an ANSEL mark and its letter) comes out whole. A byte
 * that is not valid in the encoding becomes U+FFFD; the reader reports the line it is on.
 */
import iconv from 'iconv-lite';
import type { GedcomEncoding } from '../types.js';
import { AnselDecoder } from './ansel.js';

export interface TextDecoding {
  /** The text of these bytes (what is complete so far). */
  decode(bytes: Uint8Array): string;
  /** What was held back at the end of the input (an incomplete character reads as U+FFFD). */
  end(): string;
}

const ICONV_NAMES: Partial<Record<GedcomEncoding, string>> = { cp1252: 'cp1252', macroman: 'macintosh', cp437: 'cp437' };
const NOT_ASCII = /[\x80-\xff]/g;

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** A streaming decoder; `utf-8`, `utf-16le` and `utf-16be` drop a leading byte order mark. */
export function createDecoder(encoding: GedcomEncoding): TextDecoding {
  if (encoding === 'ansel') return new AnselDecoder();
  if (encoding === 'ascii') {
    // Single bytes: nothing to hold back; every byte above 0x7F is invalid.
    return { decode: (bytes) => asBuffer(bytes).toString('latin1').replace(NOT_ASCII, '\ufffd'), end: () => '' };
  }
  const iconvName = ICONV_NAMES[encoding];
  if (iconvName !== undefined) {
    // Single-byte code pages: each chunk decodes on its own.
    return { decode: (bytes) => iconv.decode(asBuffer(bytes), iconvName), end: () => '' };
  }
  const native = new TextDecoder(encoding);
  return { decode: (bytes) => native.decode(bytes, { stream: true }), end: () => native.decode() };
}
