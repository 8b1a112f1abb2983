/**
 * The validation report and the collector that fills it: messages are capped (a broken
 * file must not produce a million-line report) while totals and record counts stay exact.
 */
import type { GedcomIssue, GedcomVersion } from '../types.js';

export interface ValidationMessage {
  line: number;
  code: string;
  message: string;
}

export interface RecordCounts {
  individuals: number;
  families: number;
  sources: number;
  repositories: number;
  notes: number;
  media: number;
  submitters: number;
  other: number;
}

export interface ValidationReport {
  version: GedcomVersion | 'unknown';
  /** No errors (warnings allowed). */
  valid: boolean;
  /** At most `maxMessages`, in line order. */
  errors: ValidationMessage[];
  warnings: ValidationMessage[];
  /** How many there were in all, beyond the cap too. */
  totals: { errors: number; warnings: number };
  counts: RecordCounts;
}

const COUNTED: Record<string, keyof RecordCounts> = {
  INDI: 'individuals', FAM: 'families', SOUR: 'sources', REPO: 'repositories',
  NOTE: 'notes', SNOTE: 'notes', OBJE: 'media', SUBM: 'submitters',
};

export class ReportCollector {
  private readonly errors: ValidationMessage[] = [];
  private readonly warnings: ValidationMessage[] = [];
  private readonly totals = { errors: 0, warnings: 0 };
  private readonly seen = new Set<string>();
  readonly counts: RecordCounts = { individuals: 0, families: 0, sources: 0, repositories: 0, notes: 0, media: 0, submitters: 0, other: 0 };

  constructor(private readonly maxMessages: number) {}

  /** One of the reader's own issues; a validator message on the same line with the same code is then not repeated. */
  addReaderIssue(issue: GedcomIssue): void {
    this.seen.add(`${issue.line} ${issue.code}`);
    this.push(issue.severity, issue);
  }

  error(line: number, code: string, message: string): void {
    if (!this.seen.has(`${line} ${code}`)) this.push('error', { line, code, message });
  }

  warning(line: number, code: string, message: string): void {
    if (!this.seen.has(`${line} ${code}`)) this.push('warning', { line, code, message });
  }

  /** Counts a top-level record by its tag (HEAD and TRLR are not records of the tree). */
  countRecord(tag: string): void {
    this.counts[Object.hasOwn(COUNTED, tag) ? COUNTED[tag] : 'other']++;
  }

  report(version: GedcomVersion | 'unknown'): ValidationReport {
    const byLine = (a: ValidationMessage, b: ValidationMessage) => a.line - b.line;
    return {
      version,
      valid: this.totals.errors === 0,
      errors: [...this.errors].sort(byLine),
      warnings: [...this.warnings].sort(byLine),
      totals: { ...this.totals },
      counts: { ...this.counts },
    };
  }

  private push(severity: GedcomIssue['severity'], { line, code, message }: ValidationMessage): void {
    const list = severity === 'error' ? this.errors : this.warnings;
    this.totals[severity === 'error' ? 'errors' : 'warnings']++;
    if (list.length < this.maxMessages) list.push({ line, code, message });
  }
}
