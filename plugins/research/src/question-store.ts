import { ACTOR_COLUMNS, actorValues, type Actor, type Tree } from '@rootline/kernel';
import type { QuestionDto } from './schemas/questions.js';

/** A question row with its subjects (JSON array, in order) and plan counts, as SELECT below reads it. */
export interface QuestionRow {
  id: string;
  text: string;
  status: 'open' | 'closed';
  anchor: string | null;
  answer: string | null;
  proof_argument: string | null;
  closed_at_ms: number | null;
  coverage_confirmed_at_ms: number | null;
  coverage_confirmed_kind: string | null;
  coverage_confirmed_credential: string | null;
  coverage_confirmed_note: string | null;
  created_at_ms: number;
  updated_at_ms: number;
  seq: number;
  proposer: string | null;
  subjects: string;
  plan_total: number;
  plan_done: number;
}

/** The anchor key of the tree's "General research" (a person anchor is the person's id). */
export const TREE_ANCHOR = '*';

/** A question row with its subjects (in order) and plan counts; exported for the query-plan test. */
export const SELECT_QUESTION = `SELECT q.id, q.text, q.status, q.anchor, q.answer, q.proof_argument, q.closed_at_ms,
  q.coverage_confirmed_at_ms, q.coverage_confirmed_kind, q.coverage_confirmed_credential, q.coverage_confirmed_note,
  q.created_at_ms, q.updated_at_ms, q.seq, q.proposer,
  (SELECT json_group_array(subject) FROM (SELECT subject FROM research_question_subjects WHERE question = q.id ORDER BY position)) AS subjects,
  (SELECT count(*) FROM research_plan_items WHERE question = q.id AND deleted_at_ms IS NULL) AS plan_total,
  (SELECT count(*) FROM research_plan_items WHERE question = q.id AND deleted_at_ms IS NULL AND done = 1) AS plan_done
  FROM research_questions q`;

export function questionDto(row: QuestionRow): QuestionDto {
  return {
    id: row.id,
    text: row.text,
    status: row.status,
    subjects: JSON.parse(row.subjects) as string[],
    anchor: row.anchor === null ? null : row.anchor === TREE_ANCHOR ? { kind: 'tree', person: null } : { kind: 'person', person: row.anchor },
    answer: row.answer,
    proof_argument: row.proof_argument,
    closed_at_ms: row.closed_at_ms,
    plan: { total: row.plan_total, done: row.plan_done },
    coverage_confirmed:
      row.coverage_confirmed_at_ms === null
        ? null
        : { at_ms: row.coverage_confirmed_at_ms, actor_kind: row.coverage_confirmed_kind!, credential_id: row.coverage_confirmed_credential, note: row.coverage_confirmed_note },
    created_at_ms: row.created_at_ms,
    updated_at_ms: row.updated_at_ms,
    seq: row.seq,
    ...(row.proposer !== null ? { proposer: row.proposer } : {}),
  };
}

/** SQL over the question tables; the service checks and records, this only reads and writes rows. */
export class QuestionStore {
  constructor(private readonly tree: Tree) {}

  get(id: string): QuestionRow | undefined {
    return this.tree.prepare(`${SELECT_QUESTION} WHERE q.id = ?`).get(id) as QuestionRow | undefined;
  }

  exists(id: string): boolean {
    return this.tree.prepare('SELECT 1 FROM research_questions WHERE id = ?').get(id) !== undefined;
  }

  byAnchor(anchor: string): QuestionRow | undefined {
    return this.tree.prepare(`${SELECT_QUESTION} WHERE q.anchor = ?`).get(anchor) as QuestionRow | undefined;
  }

  insert(actor: Actor, row: { id: string; text: string; anchor: string | null; now: number; seq: number }): void {
    this.tree
      .prepare(`INSERT INTO research_questions (id, text, status, anchor, created_at_ms, updated_at_ms, seq, ${ACTOR_COLUMNS}) VALUES (?, ?, 'open', ?, ?, ?, ?, ?, ?, ?)`)
      .run(row.id, row.text, row.anchor, row.now, row.now, row.seq, ...actorValues(actor));
  }

  setSubjects(id: string, subjects: readonly string[]): void {
    this.tree.prepare('DELETE FROM research_question_subjects WHERE question = ?').run(id);
    const insert = this.tree.prepare("INSERT INTO research_question_subjects (question, position, kind, subject) VALUES (?, ?, 'person', ?)");
    subjects.forEach((subject, position) => insert.run(id, position, subject));
  }

  subjects(id: string): string[] {
    return this.tree.prepare('SELECT subject FROM research_question_subjects WHERE question = ? ORDER BY position').pluck().all(id) as string[];
  }

  /** Marks a change to the question (or its plan): its time and the seq of the record that made it. */
  touch(id: string, now: number, seq: number): void {
    this.tree.prepare('UPDATE research_questions SET updated_at_ms = ?, seq = ? WHERE id = ?').run(now, seq, id);
  }

  update(id: string, fields: Record<string, string | number | null>): void {
    const names = Object.keys(fields);
    this.tree.prepare(`UPDATE research_questions SET ${names.map((name) => `${name} = @${name}`).join(', ')} WHERE id = @id`).run({ ...fields, id });
  }

  /** One page of the list after `after` (id order), with its filters. */
  page(filter: QuestionFilter, after: string | null, take: number): QuestionRow[] {
    return this.tree.prepare(`${SELECT_QUESTION} WHERE ${FILTER} AND (@after IS NULL OR q.id > @after) ORDER BY q.id LIMIT @take`).all({ ...params(filter), after, take }) as QuestionRow[];
  }

  count(filter: QuestionFilter): number {
    return this.tree.prepare(`SELECT count(*) FROM research_questions q WHERE ${FILTER}`).pluck().get(params(filter)) as number;
  }

  /** Questions in `status` changed after record `sinceSeq`, most recently changed first. */
  changed(status: 'open' | 'closed', sinceSeq: number, limit: number): QuestionRow[] {
    return this.tree.prepare(`${SELECT_QUESTION} WHERE q.status = ? AND q.seq > ? ORDER BY q.seq DESC LIMIT ?`).all(status, sinceSeq, limit) as QuestionRow[];
  }
}

export interface QuestionFilter {
  status?: 'open' | 'closed';
  subject_kind?: 'person';
  subject_id?: string;
}

const FILTER = `(@status IS NULL OR q.status = @status)
  AND ((@kind IS NULL AND @subject IS NULL) OR EXISTS (SELECT 1 FROM research_question_subjects s
       WHERE s.question = q.id AND (@kind IS NULL OR s.kind = @kind) AND (@subject IS NULL OR s.subject = @subject)))`;

const params = (filter: QuestionFilter) => ({ status: filter.status ?? null, kind: filter.subject_kind ?? null, subject: filter.subject_id ?? null });
