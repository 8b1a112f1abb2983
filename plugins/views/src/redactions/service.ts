import { ACTOR_COLUMNS, actorValues, type Actor, type Clock, type EntityLabels, type IdSource, type Tree } from '@rootline/kernel';
import type { RedactionsService as RedactionsServiceContract, Redacted } from '@rootline/contracts/redactions';
import type { NameSources, RedactionCache, Redactions } from './cache.js';
import { ViewProblems } from '../errors.js';
import type { RedactionDto } from '../schemas.js';

/** What the service uses of the request's cradle (kept whole: the owners' services are built only when a redaction is made). */
interface RedactionsCradle extends NameSources {
  tree: Tree;
  entityLabels: EntityLabels;
  clock: Clock;
  ids: IdSource;
}

/**
 * Redactions of one tree (`redactionsService`, request scope): making one (checked against the
 * owners' labels, so only an existing entity can be redacted) and reading what is redacted.
 * The reply hook applies them; `cache` keeps them per tree.
 */
export class RedactionsService implements RedactionsServiceContract {
  constructor(private readonly cradle: RedactionsCradle, private readonly cache: RedactionCache) {}

  /** Every redaction of the tree, by target, with what follows from them (see cache.ts). */
  all(): Redactions {
    return this.cache.of(this.cradle.tree, () => this.cradle);
  }

  targets(): ReadonlyMap<string, Redacted> {
    return this.all().targets;
  }

  /**
   * The redacted fields of a target, `'*'` standing for the whole entity; null when nothing of it
   * is redacted. A person shown by a redacted persona's name has `display_name` here too.
   */
  redactedFields(target: string): string[] | null {
    const redacted = this.targets().get(target);
    if (!redacted) return null;
    return redacted.whole ? ['*', ...redacted.fields] : [...redacted.fields];
  }

  /**
   * Redacts a field of an entity (or, without `field`, all of it) and records `redaction.created.v1`.
   * The same target and field again returns the redaction there is (`created: false`), writing nothing.
   */
  create(actor: Actor, input: { target: string; field?: string; reason: string }): { redaction: RedactionDto; created: boolean } {
    if (input.field === 'id') throw ViewProblems.idNotRedactable();
    const { tree } = this.cradle;
    return tree.transact(() => {
      const [label] = this.cradle.entityLabels.of([input.target]);
      if (!label) throw ViewProblems.targetNotFound(input.target);
      const field = input.field ?? null;
      const existing = tree.prepare(`SELECT ${COLUMNS} FROM redactions WHERE target = ? AND coalesce(field, '') = ?`).get(label.id, field ?? '') as RedactionDto | undefined;
      if (existing) return { redaction: existing, created: false };
      const redaction: RedactionDto = { id: this.cradle.ids.next(), target: label.id, field, reason: input.reason, created_at_ms: this.cradle.clock.now() };
      tree
        .prepare(`INSERT INTO redactions (${COLUMNS}, ${ACTOR_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
        .run(redaction.id, redaction.target, redaction.field, redaction.reason, redaction.created_at_ms, ...actorValues(actor));
      // The reason stays out of the record: the audit log is readable by agents.
      tree.record({ kind: 'redaction.created.v1', entity_type: 'redaction', entity_id: redaction.id, actor, payload: { target: label.id, target_kind: label.kind, field } });
      return { redaction, created: true };
    });
  }
}

const COLUMNS = 'id, target, field, reason, created_at_ms';
