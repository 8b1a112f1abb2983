import type { Actor, PageEnvelope, PageWindow, Tree } from '@rootline/kernel';
import type { AssertionsService } from '@rootline/contracts/assertions';
import type { PersonsService } from '@rootline/contracts/persons';
import type { SourcesService } from '@rootline/contracts/sources';
import type { ProofArgumentsService } from '@rootline/contracts/proofs';
import { ConflictProblems } from './errors.js';
import { ConflictStore, type ConflictFilter, type ConflictRow } from './store.js';
import type { Compared } from './kinds.js';
import { seenBy } from './seen-by.js';
import type { ConflictDto, ConflictsService as ConflictsServiceContract } from '@rootline/contracts/conflicts';

/**
 * What the service uses of the cradle. It keeps the cradle, not the services: a list builds
 * the sources service only, a resolution the proof arguments service only.
 */
interface ConflictsCradle {
  tree: Tree;
  actor: Actor;
  assertionsService: AssertionsService;
  personsService: PersonsService;
  sourcesService: SourcesService;
  proofArgumentsService: ProofArgumentsService;
}

/** The list query, as the route takes it. */
export interface ConflictsListQuery {
  persona?: string;
  person?: string;
  open_only?: boolean;
}

/**
 * Conflicts of one tree (`conflictsService`, request scope): the lists, resolution by a proof
 * argument and withdrawal (both the human's), and `openFor` for plugins that show where the
 * open questions are. Conflicts are opened and withdrawn by the detection (detector.ts), never
 * through this service. Every refusal is thrown before anything is written.
 */
export class ConflictsService implements ConflictsServiceContract {
  private readonly tree: Tree;
  private readonly store: ConflictStore;

  constructor(private readonly cradle: ConflictsCradle) {
    this.tree = cradle.tree;
    this.store = new ConflictStore(cradle.tree);
  }

  /** One conflict with its claims' sources, or undefined. */
  get(id: string): ConflictDto | undefined {
    const row = this.store.get(id);
    return row && this.dtos([row])[0];
  }

  /**
   * One page of conflicts, oldest first. `persona`: 404 for an unknown persona; `person`: 404
   * unless it is an active person. Both at once are refused by the route.
   */
  page(query: ConflictsListQuery, window: PageWindow<string>): PageEnvelope<ConflictDto> {
    const filter: ConflictFilter = { openOnly: query.open_only === true };
    if (query.persona !== undefined) {
      this.cradle.assertionsService.requirePersona(query.persona);
      filter.persona = query.persona;
    } else if (query.person !== undefined) {
      const person = this.cradle.personsService.get(query.person);
      if (!person) throw ConflictProblems.personNotFound(query.person);
      filter.person = { id: person.id, personas: person.personas };
    }
    const envelope = window.read((after, take) => this.store.page(filter, after, take), () => this.store.count(filter), (row) => row.id);
    return { ...envelope, items: this.dtos(envelope.items) };
  }

  /**
   * Resolves an open conflict by a proof argument: 404 for an unknown conflict or argument
   * (in that order), then 409 `already-settled` when it is resolved or withdrawn already.
   * Records `conflict.resolved.v1`.
   */
  resolve(actor: Actor, id: string, input: { proof_argument: string; outcome?: string }): ConflictDto {
    this.require(id);
    if (!this.cradle.proofArgumentsService.exists(input.proof_argument)) throw ConflictProblems.proofArgumentNotFound(input.proof_argument);
    this.tree.transact(() => {
      const row = this.requireOpen(id);
      const outcome = input.outcome ?? null;
      // The record's time is the resolution's: one clock reading for both.
      const record = this.tree.record({ kind: 'conflict.resolved.v1', entity_type: 'conflict', entity_id: id, actor, payload: { proof_argument: input.proof_argument, outcome } });
      this.store.resolve(row.id, actor, input.proof_argument, outcome, record.at_ms);
    });
    return this.get(id)!;
  }

  /**
   * Withdraws an open conflict that was never a dispute (a reburial, two baptisms): 404 for an
   * unknown conflict, 409 `already-settled` when it is not open. The pair is remembered: these
   * two claims never open a conflict again. Records `conflict.withdrawn.v1` (`automatic: false`).
   */
  withdraw(actor: Actor, id: string, reason: string): ConflictDto {
    this.require(id);
    this.tree.transact(() => {
      const row = this.requireOpen(id);
      const record = this.tree.record({ kind: 'conflict.withdrawn.v1', entity_type: 'conflict', entity_id: id, actor, payload: { reason, automatic: false } });
      this.store.withdraw(row.id, actor, reason, false, record.at_ms);
    });
    return this.get(id)!;
  }

  /** How many open conflicts have a claim about any of `personas` (one read): a person's open questions. */
  openFor(personas: readonly string[]): number {
    return this.store.openFor(personas);
  }

  seenBy(conflicts: readonly ConflictDto[], reader: <T>(value: T) => T): ConflictDto[] {
    return seenBy(conflicts, reader, this.cradle.actor.kind === 'agent');
  }

  private require(id: string): ConflictRow {
    const row = this.store.get(id);
    if (!row) throw ConflictProblems.conflictNotFound(id);
    return row;
  }

  private requireOpen(id: string): ConflictRow {
    const row = this.require(id);
    if (row.status !== 'open') throw ConflictProblems.alreadySettled(id, row.status);
    return row;
  }

  /** The wire shape of rows, their claims' sources titled in one read. */
  private dtos(rows: ConflictRow[]): ConflictDto[] {
    const sourceIds = [...new Set(rows.flatMap((row) => [row.source_a, row.source_b]).filter((id): id is string => id !== null))];
    const titles = new Map(sourceIds.length ? this.cradle.sourcesService.labels(sourceIds).map((label) => [label.id, label.label]) : []);
    const source = (id: string | null) => (id !== null && titles.has(id) ? { id, title: titles.get(id)! } : null);
    return rows.map((row) => ({
      id: row.id,
      ...(row.persona !== null ? { persona: row.persona } : { person: row.person! }),
      kind: row.kind,
      status: row.status,
      claims: [
        { assertion: row.claim_a, persona: row.persona_a, value: row.value_a, date: row.date_a, place: row.place_a, source: source(row.source_a) },
        { assertion: row.claim_b, persona: row.persona_b, value: row.value_b, date: row.date_b, place: row.place_b, source: source(row.source_b) },
      ],
      disagreement: { on: JSON.parse(row.disagree_on) as Compared[], detail: row.detail },
      opened_at_ms: row.opened_at_ms,
      ...(row.status === 'resolved' ? { resolution: { proof_argument: row.proof_argument!, outcome: row.outcome, resolved_at_ms: row.closed_at_ms! } } : {}),
      ...(row.status === 'withdrawn' ? { withdrawal: { reason: row.withdrawal_reason!, automatic: row.withdrawal_automatic === 1, withdrawn_at_ms: row.closed_at_ms! } } : {}),
    }));
  }
}
