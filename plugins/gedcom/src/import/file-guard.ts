import { isZip } from '@rootline/gedcom';
import { GedcomProblems } from '../errors.js';

/** Bytes looked at before deciding what the file is. */
const HEAD_BYTES = 512;
/** Bytes kept from the end to find the trailer. */
const TAIL_BYTES = 64;

/**
 * The upload as it streams into the blob store, checked on the way: an empty body, bytes that
 * are not GEDCOM, a file with no HEAD and a file cut short (no TRLR at its end) are refused
 * with a Problem thrown from inside the stream, so the store drops its temporary file and
 * nothing is written (no blob, no record, no run). A GEDZIP (a ZIP) passes unchecked: its
 * GEDCOM is checked by the job.
 */
export async function* guardGedcomUpload(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const head: Uint8Array[] = [];
  let headBytes = 0;
  let kind: 'gedcom' | 'zip' | undefined;
  let tail: Uint8Array = new Uint8Array(0);
  for await (const chunk of source) {
    tail = keepTail(tail, chunk);
    if (kind) {
      yield chunk;
      continue;
    }
    head.push(chunk);
    headBytes += chunk.length;
    if (headBytes < HEAD_BYTES) continue;
    kind = judgeHead(concat(head));
    yield* head;
  }
  if (!kind) {
    if (headBytes === 0) throw GedcomProblems.emptyFile('The body is empty; send the GEDCOM file as the raw body');
    kind = judgeHead(concat(head));
    yield* head;
  }
  if (kind === 'gedcom' && !endsWithTrailer(tail)) {
    throw GedcomProblems.truncatedFile('The file does not end with the trailer line (0 TRLR): it looks cut short. Nothing was imported');
  }
}

/** A ZIP, or GEDCOM text whose first line is `0 HEAD`; anything else is refused. */
export function judgeHead(bytes: Uint8Array): 'gedcom' | 'zip' {
  if (isZip(bytes)) return 'zip';
  // Leading NULs: a UTF-16 head decoded a byte off; blank lines and spaces: tolerated by the reader too.
  let text = decodeHead(bytes).replace(/^\uFEFF/, '');
  while (text.length > 0 && (text.charCodeAt(0) === 0 || /\s/.test(text[0]))) text = text.slice(1);
  if (/^0[ \t]+HEAD(?:[ \t\r\n]|$)/i.test(text)) return 'gedcom';
  if (/^\d{1,2}[ \t]+\S/.test(text) && !text.includes('\uFFFD')) {
    throw GedcomProblems.noHead('The file does not start with a header record (0 HEAD); nothing was imported');
  }
  throw GedcomProblems.notGedcom('The bytes are not a GEDCOM file (nor a GEDZIP): the first line is not "0 HEAD"');
}

/** The head as text: UTF-16 by its BOM or by zero bytes in every other place; else UTF-8 (the first line is ASCII in every charset). */
function decodeHead(bytes: Uint8Array): string {
  const le = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] !== 0 && bytes[1] === 0 && bytes[3] === 0);
  const be = (bytes[0] === 0xfe && bytes[1] === 0xff) || (bytes[0] === 0 && bytes[1] !== 0 && bytes[2] === 0);
  const even = bytes.subarray(0, bytes.length - (bytes.length % 2));
  if (le) return new TextDecoder('utf-16le').decode(even);
  if (be) return new TextDecoder('utf-16be').decode(even);
  return new TextDecoder('utf-8').decode(bytes);
}

/** Whether the last line (ignoring blank lines, NULs of UTF-16 and a DOS end-of-file mark) is `0 TRLR`. */
export function endsWithTrailer(tail: Uint8Array): boolean {
  // 0x1a: the end-of-file mark old DOS programs wrote after the last line.
  const text = Buffer.from(tail.filter((byte) => byte !== 0 && byte !== 0x1a)).toString('latin1').trimEnd();
  return /(?:^|[\r\n])[ \t]*0[ \t]+TRLR$/i.test(text);
}

function keepTail(tail: Uint8Array, chunk: Uint8Array): Uint8Array {
  if (chunk.length >= TAIL_BYTES) return chunk.slice(chunk.length - TAIL_BYTES);
  const joined = concat([tail, chunk]);
  return joined.slice(Math.max(0, joined.length - TAIL_BYTES));
}

function concat(parts: Uint8Array[]): Uint8Array {
  return parts.length === 1 ? parts[0] : Buffer.concat(parts);
}
