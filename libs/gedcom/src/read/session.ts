/**
 * The reader's engine, synchronous and push-driven: bytes in, finished records out. The
 * first 64 KB are held back to decide the encoding; after that each chunk is decoded, cut
 * into lines (CR, LF or CRLF) and parsed at once, so memory holds one chunk and one record.
 */
import type { GedcomHeader, GedcomIssue, GedcomNode } from '../types.js';
import { detectEncoding, type EncodingDecision } from '../encoding/detect.js';
import { createDecoder, type TextDecoding } from '../encoding/decoder.js';
import { isZip } from '../gedzip/read.js';
import { headerOf } from './header.js';
import { readIssue, type ReadIssueCode } from './issues.js';
import { parseLine } from './line.js';
import { RecordBuilder } from './records.js';

/** How much of the start of a file decides its encoding (HEAD.CHAR is near the top). */
export const SNIFF_BYTES = 64 * 1024;

const LINE_BREAK = /\r\n|\r|\n/;
/** Somewhere in a GEDCOM file's head, a level-0 line. */
const LEVEL_ZERO = /(?:^|[\r\n])[ \t]*0[ \t]+\S/;
/** DOS editors ended files with ^Z: not a line worth a warning. */
const DOS_EOF = '\u001a';
const isIgnorable = (text: string) => text.replaceAll(DOS_EOF, '').trim() === '';

export interface ReadCounts {
  lines: number;
  records: number;
  bytes: number;
}

export class ReadSession {
  readonly counts: ReadCounts = { lines: 0, records: 0, bytes: 0 };
  /** Known once the first record is complete (or the input ended). */
  header: GedcomHeader | undefined;
  /** Reading stopped early: the input is not GEDCOM. */
  stopped = false;
  private head: Uint8Array[] = [];
  private headLength = 0;
  private decision: EncodingDecision | undefined;
  private decoder: TextDecoding | undefined;
  private carry = '';
  private readonly builder: RecordBuilder;
  private trailer = false;
  /** The first non-blank line has been seen (it must be 0 HEAD). */
  private begun = false;
  private reportedOnce = new Set<ReadIssueCode>();

  constructor(private readonly report: (issue: GedcomIssue) => void) {
    this.builder = new RecordBuilder(report);
  }

  /** The xrefs of the records read so far. */
  get xrefs(): ReadonlySet<string> {
    return this.builder.seen;
  }

  /** Reads a chunk; completed records are appended to `out`. */
  push(bytes: Uint8Array, out: GedcomNode[]): void {
    if (this.stopped) return;
    this.counts.bytes += bytes.length;
    if (this.decoder !== undefined) return this.text(this.decoder.decode(bytes), false, out);
    this.head.push(bytes);
    this.headLength += bytes.length;
    if (this.headLength >= SNIFF_BYTES) this.start(out);
  }

  /** The input ended: flushes what was held back and reports what is missing. */
  end(out: GedcomNode[]): void {
    if (this.decoder === undefined && !this.stopped) this.start(out);
    if (this.stopped) return this.settleHeader();
    this.text((this.decoder as TextDecoding).end(), true, out);
    this.finishRecord(this.builder.finish(), out);
    if (!this.trailer) {
      this.report(readIssue('no-trlr', this.counts.lines, 'the file ends without TRLR: it may have been cut short'));
    }
    this.settleHeader();
  }

  private start(out: GedcomNode[]): void {
    const head = this.head.length === 1 ? this.head[0] : Buffer.concat(this.head);
    this.head = [];
    const decision = detectEncoding(head);
    this.decision = decision;
    if (isZip(head)) return this.notGedcom('this is a ZIP archive (a GEDZIP file?), not a GEDCOM text file');
    if (!decision.encoding.startsWith('utf-16') && head.includes(0)) return this.notGedcom('the file has NUL bytes: it is binary, not GEDCOM text');
    this.decoder = createDecoder(decision.encoding);
    const text = this.decoder.decode(head);
    if (!LEVEL_ZERO.test(text)) {
      this.decoder = undefined;
      return this.notGedcom(head.length === 0 ? 'the file is empty' : 'no GEDCOM line ("0 HEAD", "0 @I1@ INDI") in the first 64 KB');
    }
    this.text(text, false, out);
  }

  private notGedcom(message: string): void {
    this.stopped = true;
    this.report(readIssue('not-gedcom', 1, message));
  }

  /** Decoded text to lines; an unfinished last line (and a CR that may precede LF) waits. */
  private text(decoded: string, final: boolean, out: GedcomNode[]): void {
    let text = this.carry + decoded;
    const heldCr = !final && text.endsWith('\r');
    if (heldCr) text = text.slice(0, -1);
    const lines = text.split(LINE_BREAK);
    const rest = lines.pop() as string;
    this.carry = final ? '' : heldCr ? rest + '\r' : rest;
    if (final && rest !== '') lines.push(rest);
    const damaged = text.includes('\ufffd');
    for (const line of lines) this.line(line, damaged, out);
  }

  private line(text: string, damaged: boolean, out: GedcomNode[]): void {
    const number = ++this.counts.lines;
    const first = text.charCodeAt(0);
    if ((text.length === 0 || first <= 32 || first === 0x1a) && isIgnorable(text)) {
      // After TRLR, and a DOS end-of-file ^Z, are not worth a warning.
      if (!this.trailer && !text.includes(DOS_EOF)) this.report(readIssue('blank-line', number, 'a blank line: skipped'));
      return;
    }
    if (damaged && text.includes('\ufffd')) {
      const encoding = (this.decision as EncodingDecision).encoding;
      this.report(readIssue('invalid-byte', number, `bytes that are not valid ${encoding} were read as U+FFFD (\ufffd)`));
    }
    const parsed = parseLine(text);
    if (!this.begun) {
      this.begun = true;
      if ('fault' in parsed || parsed.level !== 0 || parsed.tag !== 'HEAD') this.report(readIssue('no-head', number, 'the file does not start with "0 HEAD"'));
    }
    if ('fault' in parsed) return this.report(readIssue(parsed.fault, number, `${parsed.message}: skipped`));
    if (parsed.loose) this.once('loose-spacing', number, 'indented lines or several spaces between fields (first here): read anyway');
    if (this.trailer) this.once('after-trlr', number, 'lines after TRLR (first here): read anyway');
    if (parsed.level === 0 && parsed.tag === 'TRLR') {
      this.trailer = true;
      return this.finishRecord(this.builder.finish(), out);
    }
    this.finishRecord(this.builder.add(parsed, number), out);
  }

  private once(code: ReadIssueCode, line: number, message: string): void {
    if (this.reportedOnce.has(code)) return;
    this.reportedOnce.add(code);
    this.report(readIssue(code, line, message));
  }

  private finishRecord(record: GedcomNode | undefined, out: GedcomNode[]): void {
    if (record === undefined) return;
    if (this.header === undefined) {
      this.header = headerOf(record.tag === 'HEAD' ? record : undefined, this.decision as EncodingDecision, this.report);
    }
    this.counts.records++;
    out.push(record);
  }

  private settleHeader(): void {
    if (this.header !== undefined) return;
    if (!this.stopped && !this.begun) this.report(readIssue('no-head', 1, 'the file has no records'));
    this.header = headerOf(undefined, this.decision ?? { encoding: 'utf-8' }, this.report);
  }
}
