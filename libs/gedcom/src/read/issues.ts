/**
 * Every problem the reader reports, declared once: its code (stable, what the importer's
 * loss report and tests match on) and how bad it is. `error` means something in the file
 * was lost or may be misread; `warning` means it was read, tolerantly.
 */
import type { GedcomIssue } from '../types.js';

export const READ_ISSUES = {
  /** Not a GEDCOM file at all (binary, a zip, no level-0 line in its head): reading stops. */
  'not-gedcom': 'error',
  /** A line that is not `level [@xref@] tag [payload]`: skipped. */
  'bad-line': 'error',
  /** A level above 99 (GEDCOM levels have at most two digits): the line is skipped. */
  'bad-level': 'error',
  /** A line deeper than its parent allows: kept, under the last open structure. */
  'level-jump': 'warning',
  /** A structure line before any record: skipped. */
  'orphan-line': 'error',
  /** CONC/CONT at level 0, with nothing to continue: skipped. */
  'orphan-cont': 'error',
  /** A byte not valid in the file's encoding, read as U+FFFD. */
  'invalid-byte': 'warning',
  /** An empty or whitespace-only line: skipped. */
  'blank-line': 'warning',
  /** Indented lines or several spaces between fields (reported once per file). */
  'loose-spacing': 'warning',
  /** The file does not start with a HEAD record. */
  'no-head': 'error',
  /** The file ends without TRLR: it may have been cut short. */
  'no-trlr': 'warning',
  /** Lines after TRLR (read anyway). */
  'after-trlr': 'warning',
  /** Two records with the same xref: both are kept. */
  'duplicate-xref': 'error',
  /** An xref with characters GEDCOM does not allow (lower case, spaces, ...): kept as written. */
  'xref-format': 'warning',
  /** An xref without its closing @: read up to the next space. */
  'bad-xref': 'warning',
  /** An xref on a line that is not a record: dropped. */
  'misplaced-xref': 'warning',
  /** HEAD.CHAR names an encoding Rootline does not know: read as UTF-8 or CP1252. */
  'unknown-charset': 'warning',
  /** HEAD.GEDC.VERS is missing or a version Rootline does not know: read by the 5.5.1 rules. */
  'unknown-version': 'warning',
} as const satisfies Record<string, GedcomIssue['severity']>;

export type ReadIssueCode = keyof typeof READ_ISSUES;

export function readIssue(code: ReadIssueCode, line: number, message: string): GedcomIssue {
  return { line, code, message, severity: READ_ISSUES[code] };
}
