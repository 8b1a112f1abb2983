import { ACTOR_COLUMNS, actorValues, type Actor, type PluginKernel, type Tree } from '@rootline/kernel';
import type { ResearchCradle } from './cradle.js';
import { ResearchProblems } from './errors.js';
import { CLAIM_STATES, type ClaimState, type SessionSummary, type StartSessionBody } from './schemas/sessions.js';
import type { AssignmentDto } from './schemas/plans.js';
import type { ResearchSessionsService as ResearchSessionsServiceContract } from '@rootline/contracts/research';

interface SessionRow {
  id: string;
  holder: string;
  goal: string;
  question: string | null;
  assignment: string | null;
  started_at_ms: number;
  ended_at_ms: number | null;
  end_reason: 'ended' | 'superseded' | null;
  actor_kind: string;
  credential_id: string | null;
  proposer: string | null;
}

const COLUMNS = `id, holder, goal, question, assignment, started_at_ms, ended_at_ms, end_reason, ${ACTOR_COLUMNS}`;

/** Whose session it is: the credential, or the actor kind for a caller without one (the system). */
const holderOf = (actor: Actor) => actor.credentialId ?? actor.kind;

/**
 * Research sessions of one tree (`researchSessionsService`, request scope). A credential has at
 * most one open session: starting another ends the open one (`end_reason: superseded`), so an
 * assistant that lost track of its session is never locked out. While a session is open, log
 * entries its credential writes without `session` join it, and the claims it captures are linked
 * to it (`linkCapturedClaims`, a record observer).
 */
export class ResearchSessionsService implements ResearchSessionsServiceContract {
  private readonly tree: Tree;

  constructor(private readonly cradle: ResearchCradle) {
    this.tree = cradle.tree;
  }

  start(actor: Actor, input: StartSessionBody): SessionSummary {
    return this.tree.transact(() => {
      let question = input.question ?? null;
      if (question !== null) this.cradle.researchService.require(question);
      let assignment: AssignmentDto | undefined;
      if (input.assignment !== undefined) {
        assignment = this.cradle.researchPlansService.assignment(input.assignment);
        if (!assignment) throw ResearchProblems.assignmentNotFound(input.assignment);
        if (assignment.state === 'withdrawn') throw ResearchProblems.assignmentWithdrawn(`The plan item of assignment ${assignment.id} was deleted`);
        if (question !== null && question !== assignment.question.id) {
          throw ResearchProblems.assignmentOtherQuestion(`The assignment ${assignment.id} belongs to the research question ${assignment.question.id}, not ${question}`);
        }
        question = assignment.question.id;
      }
      const id = this.cradle.ids.next();
      const now = this.cradle.clock.now();
      const open = this.openRow(holderOf(actor));
      if (open) this.finish(actor, open, 'superseded', now, { by: id });
      this.tree.record({ kind: 'research_session.started.v1', entity_type: 'research_session', entity_id: id, actor, payload: { question, assignment: assignment?.id ?? null } });
      this.tree
        .prepare(`INSERT INTO research_sessions (id, holder, goal, question, assignment, started_at_ms, ${ACTOR_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`)
        .run(id, holderOf(actor), input.goal, question, assignment?.id ?? null, now, ...actorValues(actor));
      return this.summary(id)!;
    });
  }

  /** Ends a session (anyone's: the human may end an assistant's stale one); ending it again changes nothing. */
  end(actor: Actor, id: string): SessionSummary {
    return this.tree.transact(() => {
      const row = this.row(id);
      if (!row) throw ResearchProblems.sessionNotFound(id);
      if (row.ended_at_ms === null) this.finish(actor, row, 'ended', this.cradle.clock.now(), {});
      return this.summary(id)!;
    });
  }

  /** The caller's open session, summarised, or null. */
  current(actor: Actor): SessionSummary | null {
    const open = this.openRow(holderOf(actor));
    return open ? this.summary(open.id)! : null;
  }

  /** The id of the caller's open session, or null. */
  openOf(actor: Actor): string | null {
    return this.openRow(holderOf(actor))?.id ?? null;
  }

  /** A session that is open, or 404 / 409 `session-ended`. */
  requireOpen(id: string): string {
    const row = this.row(id);
    if (!row) throw ResearchProblems.sessionNotFound(id);
    if (row.ended_at_ms !== null) throw ResearchProblems.sessionEnded(`The research session ${id} has ended; start a new one`);
    return id;
  }

  /** What happened in a session: its entries, the claims its credential captured and their review state now, the time spent. */
  summary(id: string): SessionSummary | undefined {
    const row = this.row(id);
    if (!row) return undefined;
    return {
      id: row.id,
      goal: row.goal,
      question: row.question,
      assignment: row.assignment,
      status: row.ended_at_ms === null ? 'open' : 'ended',
      actor_kind: row.actor_kind,
      credential_id: row.credential_id,
      proposer: row.proposer,
      started_at_ms: row.started_at_ms,
      ended_at_ms: row.ended_at_ms,
      end_reason: row.end_reason,
      time_spent_ms: this.timeSpent(row),
      entries: this.cradle.researchLogService.ofSession(id),
      claims: this.claims(id),
    };
  }

  /** The sessions that worked on an assignment, oldest first. */
  ofAssignment(assignment: string): AssignmentDto['sessions'] {
    const rows = this.tree.prepare(`SELECT ${COLUMNS} FROM research_sessions WHERE assignment = ? ORDER BY id`).all(assignment) as SessionRow[];
    return rows.map((row) => ({
      id: row.id,
      goal: row.goal,
      status: row.ended_at_ms === null ? 'open' : 'ended',
      credential_id: row.credential_id,
      started_at_ms: row.started_at_ms,
      ended_at_ms: row.ended_at_ms,
      time_spent_ms: this.timeSpent(row),
    }));
  }

  private claims(session: string): SessionSummary['claims'] {
    const links = this.tree.prepare('SELECT assertion, captured_at_ms FROM research_session_claims WHERE session = ? ORDER BY captured_at_ms, assertion').all(session) as { assertion: string; captured_at_ms: number }[];
    const by_status = Object.fromEntries(CLAIM_STATES.map((state) => [state, 0])) as Record<ClaimState, number>;
    const items = links.map((link) => {
      const status = (this.cradle.assertionsService.get(link.assertion)?.status ?? 'removed') as ClaimState;
      by_status[status] += 1;
      return { assertion: link.assertion, status, captured_at_ms: link.captured_at_ms };
    });
    return { total: links.length, by_status, items: items.slice(0, 100) };
  }

  private finish(actor: Actor, row: SessionRow, reason: 'ended' | 'superseded', now: number, payload: Record<string, unknown>): void {
    this.tree.record({ kind: 'research_session.ended.v1', entity_type: 'research_session', entity_id: row.id, actor, payload: { reason, ...payload } });
    this.tree.prepare('UPDATE research_sessions SET ended_at_ms = ?, end_reason = ? WHERE id = ?').run(now, reason, row.id);
  }

  private timeSpent(row: SessionRow): number {
    return (row.ended_at_ms ?? this.cradle.clock.now()) - row.started_at_ms;
  }

  private row(id: string): SessionRow | undefined {
    return this.tree.prepare(`SELECT ${COLUMNS} FROM research_sessions WHERE id = ?`).get(id) as SessionRow | undefined;
  }

  private openRow(holder: string): SessionRow | undefined {
    return this.tree.prepare(`SELECT ${COLUMNS} FROM research_sessions WHERE holder = ? AND ended_at_ms IS NULL`).get(holder) as SessionRow | undefined;
  }
}

/**
 * Links each claim a credential captures while it has a session open to that session, inside the
 * capture's transaction (no record of its own: the capture's record says what happened). Captures
 * without a credential (an import's system actor) belong to no session.
 */
export function linkCapturedClaims(kernel: PluginKernel): void {
  kernel.onRecord('assertion.captured.', (tree, record) => {
    const holder = record.actor.credential_id;
    if (holder === null) return;
    tree
      .prepare('INSERT OR IGNORE INTO research_session_claims (session, assertion, captured_at_ms) SELECT id, ?, ? FROM research_sessions WHERE holder = ? AND ended_at_ms IS NULL')
      .run(record.entity_id, record.at_ms, holder);
  });
}
