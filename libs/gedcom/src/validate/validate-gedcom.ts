/**
 * Validates GEDCOM bytes: the streaming reader's records and issues, then the rules.
 */
import { readGedcom } from '../read/reader.js';
import { ReportCollector, type ValidationReport } from './report.js';
import { validateInto } from './validate-records.js';

export interface ValidateGedcomOptions {
  /** The version to assume when the header does not say. */
  versionHint?: string;
  /** Most errors and most warnings listed (each); totals and counts stay exact. Default 1000. */
  maxMessages?: number;
}

export async function validateGedcom(bytes: Uint8Array | AsyncIterable<Uint8Array>, options: ValidateGedcomOptions = {}): Promise<ValidationReport> {
  const out = new ReportCollector(options.maxMessages ?? 1000);
  const reader = readGedcom(bytes, { onIssue: (issue) => out.addReaderIssue(issue) });
  return validateInto(out, await reader.header, reader.records, options.versionHint);
}
