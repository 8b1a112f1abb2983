/**
 * Streams records out as GEDCOM text: HEAD first, the records in the order given, TRLR last.
 * Text comes in chunks of about 64 KiB so a large tree is neither one huge string nor a
 * chunk per line.
 */
import type { GedcomNode } from '../types.js';
import { headerRecord, type HeaderOptions } from './header.js';
import { EOL, recordText, type LineFormat } from './lines.js';

export interface WriteOptions extends HeaderOptions {
  /** 5.5.1 only (7.0 has no limit): longest line including its terminator; 255 by default, as 5.5.1 requires. */
  maxLineLength?: number;
}

const CHUNK = 64 * 1024;

/** GEDCOM text for `records` (which exclude HEAD and TRLR: the writer writes those itself). */
export async function* writeGedcom(records: Iterable<GedcomNode> | AsyncIterable<GedcomNode>, options: WriteOptions): AsyncIterable<string> {
  const format: LineFormat = { version: options.version, maxLineLength: options.maxLineLength ?? 255 };
  let chunk = recordText(headerRecord(options), format);
  for await (const record of records) {
    if (record.tag === 'HEAD' || record.tag === 'TRLR') continue;
    chunk += recordText(record, format);
    if (chunk.length >= CHUNK) {
      yield chunk;
      chunk = '';
    }
  }
  yield `${chunk}0 TRLR${EOL}`;
}
