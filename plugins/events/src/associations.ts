import { ACTOR_COLUMNS, actorValues, type Actor, type Clock, type IdSource, type Tree } from '@rootline/kernel';
import type { RecordAssociationBody } from './schemas.js';
import type { Subjects } from './subjects.js';
import { normalizeRole } from './roles.js';
import { EventProblems } from './errors.js';
import type { AssociationsService as AssociationsServiceContract, AssociationSummary } from '@rootline/contracts/events';


/**
 * Associations (GEDCOM ASSO): `to` is `role` to `from` (a godparent, a witness, a neighbour)
 * outside any one event. Each end is a person or a persona, given as a bare id. Recorded as
 * `association.recorded.v1`; the FAN network reads them as `association` edges.
 */
export class AssociationsService implements AssociationsServiceContract {
  constructor(private readonly tree: Tree, private readonly clock: Clock, private readonly ids: IdSource, private readonly subjects: Subjects) {}

  /** The subjects an association is recorded from, `take` after `after`: a range of associations_by_from. */
  recordedFrom(after: string, take: number): string[] {
    return this.tree.prepare('SELECT DISTINCT from_subject FROM associations WHERE from_subject > ? ORDER BY from_subject LIMIT ?').pluck().all(after, take) as string[];
  }

  /** The associations recorded from any of `subjects` (person or persona ids), oldest first: one read for a batch (the GEDCOM export). */
  fromSubjects(subjects: readonly string[]): AssociationSummary[] {
    if (subjects.length === 0) return [];
    return this.tree
      .prepare(
        `SELECT id, from_subject AS "from", from_kind, to_subject AS "to", to_kind, role, source, note FROM associations
         WHERE from_subject IN (SELECT value FROM json_each(?)) ORDER BY id`,
      )
      .all(JSON.stringify(subjects)) as AssociationSummary[];
  }

  record(actor: Actor, input: RecordAssociationBody): { id: string } {
    if (input.from === input.to) throw EventProblems.associationSelf(input.from);
    const id = this.ids.next();
    const role = normalizeRole(input.role);
    return this.tree.transact(() => {
      const from = this.subjects.resolve(input.from);
      const to = this.subjects.resolve(input.to);
      this.tree
        .prepare(`INSERT INTO associations (id, from_subject, from_kind, to_subject, to_kind, role, source, note, created_at_ms, ${ACTOR_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
        .run(id, from.id, from.kind, to.id, to.kind, role, input.source ?? null, input.note ?? null, this.clock.now(), ...actorValues(actor));
      this.tree.record({
        kind: 'association.recorded.v1',
        entity_type: 'association',
        entity_id: id,
        actor,
        payload: { from: from.id, from_kind: from.kind, to: to.id, to_kind: to.kind, role, source: input.source ?? null },
      });
      return { id };
    });
  }

  /** Deletes an association and records `association.removed.v1` (an import undone); false when there is none. */
  remove(actor: Actor, id: string, reason: string): boolean {
    return this.tree.transact(() => {
      if (this.tree.prepare('DELETE FROM associations WHERE id = ?').run(id).changes === 0) return false;
      this.tree.record({ kind: 'association.removed.v1', entity_type: 'association', entity_id: id, actor, payload: { reason } });
      return true;
    });
  }
}
