import type { EntryDto } from './schemas/log.js';

/** A research log entry row: JSON columns as stored. */
export interface EntryRow {
  id: string;
  question: string;
  session: string | null;
  kind: EntryDto['kind'];
  text: string;
  personas: string;
  sources: string;
  details: string;
  corrections: string;
  evidence: string | null;
  searched: string | null;
  status: EntryDto['status'];
  retracted_at_ms: number | null;
  retract_reason: string | null;
  created_at_ms: number;
  updated_at_ms: number;
  seq: number;
  proposer: string | null;
}

export const ENTRY_COLUMNS =
  'id, question, session, kind, text, personas, sources, details, corrections, evidence, searched, status, retracted_at_ms, retract_reason, created_at_ms, updated_at_ms, seq, proposer';

export function entryDto(row: EntryRow): EntryDto {
  return {
    id: row.id,
    question: row.question,
    session: row.session,
    kind: row.kind,
    text: row.text,
    personas: JSON.parse(row.personas) as string[],
    sources: JSON.parse(row.sources) as string[],
    evidence: row.evidence === null ? null : (JSON.parse(row.evidence) as EntryDto['evidence']),
    searched: row.searched === null ? null : (JSON.parse(row.searched) as EntryDto['searched']),
    details: JSON.parse(row.details) as EntryDto['details'],
    corrections: JSON.parse(row.corrections) as EntryDto['corrections'],
    status: row.status,
    retracted_at_ms: row.retracted_at_ms,
    retract_reason: row.retract_reason,
    created_at_ms: row.created_at_ms,
    updated_at_ms: row.updated_at_ms,
    seq: row.seq,
    ...(row.proposer !== null ? { proposer: row.proposer } : {}),
  };
}

/** One line of `GET /research/log`: `YYYY-MM-DD — text`, negative evidence marked, details after. */
export function entryLine(entry: EntryDto): string {
  const date = new Date(entry.created_at_ms).toISOString().slice(0, 10);
  const prefix = entry.kind === 'negative' ? 'Searched, found nothing: ' : '';
  const details = entry.details.map((detail) => ` — ${oneLine(detail.text)}`).join('');
  return `${date} — ${prefix}${oneLine(entry.text)}${details}`;
}

const oneLine = (text: string) => text.trim().replace(/\s*[\r\n\u0085\u2028\u2029]+\s*/g, ' ');
