import { ACTOR_COLUMNS, actorValues, type Actor, type Tree } from '@rootline/kernel';
import type { ResearchCradle } from './cradle.js';
import { ResearchProblems } from './errors.js';
import type { AssignmentDto, PlanDto, PlanItemDto } from './schemas/plans.js';
import type { ResearchPlansService as ResearchPlansServiceContract } from '@rootline/contracts/research';

interface ItemRow {
  id: string;
  question: string;
  description: string;
  done: number;
  done_at_ms: number | null;
  position: number;
  deleted_at_ms: number | null;
  created_at_ms: number;
  updated_at_ms: number;
  assignment: string | null;
  assignee: string | null;
}

interface AssignmentRow {
  id: string;
  item: string;
  question: string;
  assignee: string;
  created_at_ms: number;
}

const SELECT_ITEM = `SELECT i.id, i.question, i.description, i.done, i.done_at_ms, i.position, i.deleted_at_ms, i.created_at_ms, i.updated_at_ms,
  a.id AS assignment, a.assignee FROM research_plan_items i LEFT JOIN research_assignments a ON a.item = i.id`;

/** `position` in a DTO is the item's place in its plan, from 0 (deleted items: -1). */
function itemDto(row: ItemRow, position: number): PlanItemDto {
  return {
    id: row.id,
    question: row.question,
    description: row.description,
    done: row.done === 1,
    done_at_ms: row.done_at_ms,
    position,
    assignment: row.assignment === null ? null : { id: row.assignment, assignee: row.assignee! },
    deleted_at_ms: row.deleted_at_ms,
    created_at_ms: row.created_at_ms,
    updated_at_ms: row.updated_at_ms,
  };
}

/**
 * The plans of research questions (`researchPlansService`, request scope): ordered items, done or
 * not, some assigned to an assistant credential. Order is kept exactly: a reorder reads the plan
 * and renumbers its items 0..n-1 inside its own transaction, and transactions on a tree run one
 * at a time, so concurrent reorders apply one after the other and positions never collide.
 * Every change also moves the question's `seq` (plan progress is part of the question).
 */
export class ResearchPlansService implements ResearchPlansServiceContract {
  private readonly tree: Tree;

  constructor(private readonly cradle: ResearchCradle) {
    this.tree = cradle.tree;
  }

  /** The plan of a question, in order; 404 for an unknown question. */
  plan(question: string): PlanDto {
    this.cradle.researchService.require(question);
    const items = this.items(question).map((row, position) => itemDto(row, position));
    return { question, items, total: items.length, done: items.filter((item) => item.done).length };
  }

  /** An item (deleted ones too), or undefined. */
  get(id: string): PlanItemDto | undefined {
    const row = this.row(id);
    return row && itemDto(row, this.positionOf(row));
  }

  add(actor: Actor, question: string, input: { description: string; assignee?: string }): PlanItemDto {
    return this.tree.transact(() => {
      this.cradle.researchService.require(question);
      if (input.assignee !== undefined && !this.cradle.credentials.isActiveAgent(input.assignee)) throw ResearchProblems.assigneeNotFound(input.assignee);
      const id = this.cradle.ids.next();
      const now = this.cradle.clock.now();
      const next = this.tree.prepare('SELECT coalesce(max(position) + 1, 0) FROM research_plan_items WHERE question = ? AND deleted_at_ms IS NULL').pluck().get(question) as number;
      const { seq } = this.tree.record({ kind: 'research_plan_item.added.v1', entity_type: 'research_plan_item', entity_id: id, actor, payload: { question, assignee: input.assignee ?? null } });
      this.tree
        .prepare(`INSERT INTO research_plan_items (id, question, description, position, created_at_ms, updated_at_ms, ${ACTOR_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`)
        .run(id, question, input.description, next, now, now, ...actorValues(actor));
      if (input.assignee !== undefined) this.assign(actor, id, question, input.assignee, now);
      this.cradle.researchService.touch(question, seq);
      return this.get(id)!;
    });
  }

  setDescription(actor: Actor, id: string, description: string): PlanItemDto {
    return this.change(actor, id, 'description_set', {}, (row, now) => {
      this.tree.prepare('UPDATE research_plan_items SET description = ?, updated_at_ms = ? WHERE id = ?').run(description, now, row.id);
      return true;
    });
  }

  /** Marks an item done or not; setting the state it already has changes and records nothing. */
  setDone(actor: Actor, id: string, done: boolean): PlanItemDto {
    return this.change(actor, id, 'done_set', { done }, (row, now) => {
      if ((row.done === 1) === done) return false;
      this.tree.prepare('UPDATE research_plan_items SET done = ?, done_at_ms = ?, updated_at_ms = ? WHERE id = ?').run(done ? 1 : 0, done ? now : null, now, row.id);
      return true;
    });
  }

  /**
   * Moves an item just before or after another item of the same plan and renumbers the plan.
   * The other item must exist and not be deleted (404), be in the same plan (422
   * `plan-item-other-plan`) and not be the item itself (422 `plan-item-self`).
   */
  reorder(actor: Actor, id: string, target: { before: string } | { after: string }): PlanDto {
    const [where, other] = 'before' in target ? (['before', target.before] as const) : (['after', target.after] as const);
    return this.tree.transact(() => {
      const row = this.requireRow(id);
      const anchor = this.requireRow(other);
      if (anchor.question !== row.question) throw ResearchProblems.planItemOtherPlan(`The plan item ${other} is in the plan of another question; move ${id} within its own plan`);
      if (anchor.id === row.id) throw ResearchProblems.planItemSelf(`Give another item of the plan than ${id} itself`);
      const order = this.items(row.question).map((item) => item.id).filter((item) => item !== id);
      order.splice(order.indexOf(other) + (where === 'after' ? 1 : 0), 0, id);
      const { seq } = this.tree.record({ kind: 'research_plan_item.reordered.v1', entity_type: 'research_plan_item', entity_id: id, actor, payload: { question: row.question, [where]: other } });
      const set = this.tree.prepare('UPDATE research_plan_items SET position = ? WHERE id = ? AND position <> ?');
      order.forEach((item, position) => set.run(position, item, position));
      this.tree.prepare('UPDATE research_plan_items SET updated_at_ms = ? WHERE id = ?').run(this.cradle.clock.now(), id);
      this.cradle.researchService.touch(row.question, seq);
      return this.plan(row.question);
    });
  }

  /** Deletes an item from its plan (the row stays: its assignment reads as withdrawn). */
  remove(actor: Actor, id: string): void {
    this.change(actor, id, 'deleted', {}, (row, now) => {
      this.tree.prepare('UPDATE research_plan_items SET deleted_at_ms = ?, updated_at_ms = ? WHERE id = ?').run(now, now, row.id);
      return true;
    });
  }

  /** An assignment row, or undefined. */
  assignmentRow(id: string): AssignmentRow | undefined {
    return this.tree.prepare('SELECT id, item, question, assignee, created_at_ms FROM research_assignments WHERE id = ?').get(id) as AssignmentRow | undefined;
  }

  /** An assignment with its item, question, state and sessions; undefined when unknown. */
  assignment(id: string): AssignmentDto | undefined {
    const row = this.assignmentRow(id);
    if (!row) return undefined;
    const item = this.get(row.item)!;
    const question = this.cradle.researchService.require(row.question);
    return {
      id: row.id,
      assignee: row.assignee,
      state: item.deleted_at_ms !== null ? 'withdrawn' : item.done ? 'done' : 'open',
      item,
      question: { id: question.id, text: question.text, status: question.status },
      sessions: this.cradle.researchSessionsService.ofAssignment(row.id),
      created_at_ms: row.created_at_ms,
    };
  }

  private assign(actor: Actor, item: string, question: string, assignee: string, now: number): void {
    const id = this.cradle.ids.next();
    this.tree
      .prepare(`INSERT INTO research_assignments (id, item, question, assignee, created_at_ms, ${ACTOR_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
      .run(id, item, question, assignee, now, ...actorValues(actor));
    this.tree.record({ kind: 'research_assignment.created.v1', entity_type: 'research_assignment', entity_id: id, actor, payload: { item, question, assignee } });
  }

  /** One change of a live item: 404 first; `write` says whether anything changed (else no record). */
  private change(actor: Actor, id: string, verb: string, payload: Record<string, unknown>, write: (row: ItemRow, now: number) => boolean): PlanItemDto {
    return this.tree.transact(() => {
      const row = this.requireRow(id);
      const now = this.cradle.clock.now();
      if (write(row, now)) {
        const { seq } = this.tree.record({ kind: `research_plan_item.${verb}.v1`, entity_type: 'research_plan_item', entity_id: id, actor, payload: { question: row.question, ...payload } });
        this.cradle.researchService.touch(row.question, seq);
      }
      return this.get(id)!;
    });
  }

  /** The live items of a plan, in order. */
  private items(question: string): ItemRow[] {
    return this.tree.prepare(`${SELECT_ITEM} WHERE i.question = ? AND i.deleted_at_ms IS NULL ORDER BY i.position, i.id`).all(question) as ItemRow[];
  }

  private positionOf(row: ItemRow): number {
    if (row.deleted_at_ms !== null) return -1;
    return this.tree
      .prepare('SELECT count(*) FROM research_plan_items WHERE question = ? AND deleted_at_ms IS NULL AND (position < ? OR (position = ? AND id < ?))')
      .pluck()
      .get(row.question, row.position, row.position, row.id) as number;
  }

  private row(id: string): ItemRow | undefined {
    return this.tree.prepare(`${SELECT_ITEM} WHERE i.id = ?`).get(id) as ItemRow | undefined;
  }

  /** A live (not deleted) item, or 404. */
  private requireRow(id: string): ItemRow {
    const row = this.row(id);
    if (!row || row.deleted_at_ms !== null) throw ResearchProblems.planItemNotFound(id);
    return row;
  }
}
