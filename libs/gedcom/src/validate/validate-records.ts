/**
 * Validates a file given as its header and its records, one record at a time: memory
 * holds the current record, the xrefs and the pointers waiting for their targets.
 */
import type { GedcomHeader, GedcomIssue, GedcomNode, GedcomVersion } from '../types.js';
import type { RuleVersion } from './payload.js';
import { PointerRegistry } from './pointers.js';
import { ReportCollector, type ValidationReport } from './report.js';
import { StructureChecker } from './structure.js';

export interface ValidateOptions {
  /** The version to assume when the header does not say (`7.0`, `5.5.1`). */
  versionHint?: string;
  /** The reader's issues, merged into the report (their severity kept). */
  readerIssues?: readonly GedcomIssue[];
  /** Most errors and most warnings listed (each); totals and counts stay exact. Default 1000. */
  maxMessages?: number;
}

/** The version the file claims (or the hint), and the rules it is checked by: 7.0 for 7.x, 5.5.1 otherwise. */
function versionOf(header: GedcomHeader, hint: string | undefined): { version: GedcomVersion | 'unknown'; rules: RuleVersion } {
  const hinted = hint === undefined ? undefined : hint.startsWith('7') ? '7.0' : hint.startsWith('5.5') ? (hint as GedcomVersion) : undefined;
  const version = header.version ?? hinted ?? 'unknown';
  return { version, rules: version === '7.0' ? '7.0' : '5.5.1' };
}

export async function validateRecords(
  header: GedcomHeader,
  records: Iterable<GedcomNode> | AsyncIterable<GedcomNode>,
  options: ValidateOptions = {},
): Promise<ValidationReport> {
  const out = new ReportCollector(options.maxMessages ?? 1000);
  for (const issue of options.readerIssues ?? []) out.addReaderIssue(issue);
  return validateInto(out, header, records, options.versionHint);
}

/** The checks themselves, into a collector that may still be receiving the reader's issues. */
export async function validateInto(
  out: ReportCollector,
  header: GedcomHeader,
  records: Iterable<GedcomNode> | AsyncIterable<GedcomNode>,
  versionHint: string | undefined,
): Promise<ValidationReport> {
  const { version, rules } = versionOf(header, versionHint);
  if (version === 'unknown') out.warning(header.node?.line ?? 1, 'unknown-version', 'the header names no GEDCOM version: checked by the 5.5.1 rules');
  if (rules === '7.0' && header.encoding !== 'utf-8') {
    out.error(header.node?.line ?? 1, 'not-utf8', `GEDCOM 7 files are UTF-8; this one was read as ${header.encoding}`);
  }
  const pointers = new PointerRegistry();
  const checker = new StructureChecker(rules, header.schema, out, pointers);
  let head = header.node;
  if (head) checker.checkRecord(head);
  for await (const record of records) {
    if (record === header.node || record.tag === 'TRLR' || (record.tag === 'HEAD' && record.line === head?.line)) continue;
    if (record.tag === 'HEAD' && head === undefined) head = record;
    else out.countRecord(record.tag);
    checker.checkRecord(record);
  }
  for (const problem of pointers.problems()) out.error(problem.line, problem.code, problem.message);
  return out.report(version);
}
