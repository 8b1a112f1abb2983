import type { Clock, IdSource, Tree } from '@rootline/kernel';
import type { LossItem, LossReportDto } from './schemas.js';

interface ReportRow {
  report_id: string;
  direction: LossReportDto['direction'];
  subject: string | null;
  created_at_ms: number;
  items: string;
}

/**
 * Loss reports of one tree (`gedcomLossReports`, request scope), for both directions: the
 * importer writes what it could not map, the exporter what the target version cannot hold.
 * A report is written once and never changed.
 */
export class LossReportStore {
  constructor(private readonly tree: Tree, private readonly clock: Clock, private readonly ids: IdSource) {}

  /** Stores a report (call inside the transaction that finishes the run) and returns its id. */
  write(direction: LossReportDto['direction'], subject: string, items: LossItem[]): string {
    const id = this.ids.next();
    this.tree
      .prepare('INSERT INTO gedcom_loss_reports (report_id, direction, subject, created_at_ms, items) VALUES (?, ?, ?, ?, ?)')
      .run(id, direction, subject, this.clock.now(), JSON.stringify(items));
    return id;
  }

  get(id: string): LossReportDto | undefined {
    const row = this.tree.prepare('SELECT * FROM gedcom_loss_reports WHERE report_id = ?').get(id) as ReportRow | undefined;
    return row && shape(row);
  }

  /** The newest report (ids are UUIDv7, so the greatest is the latest), or undefined. */
  newest(): LossReportDto | undefined {
    const row = this.tree.prepare('SELECT * FROM gedcom_loss_reports ORDER BY report_id DESC LIMIT 1').get() as ReportRow | undefined;
    return row && shape(row);
  }
}

function shape(row: ReportRow): LossReportDto {
  return { report_id: row.report_id, direction: row.direction, subject: row.subject, created_at_ms: row.created_at_ms, items: JSON.parse(row.items) as LossItem[] };
}
