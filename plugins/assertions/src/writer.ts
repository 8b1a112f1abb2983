import { actorValues, type Actor, type Clock, type IdSource, type Tree } from '@rootline/kernel';
import type { SourcesService } from '@rootline/contracts/sources';
import type { NewClaim as CapturedClaim } from '@rootline/contracts/assertions';
import { isActive, REVIEW_RULES, type AssertionStatus, type Review } from './states.js';
import { ClaimStore, type ClaimRow, type EvidenceRow } from './store.js';
import type { EvidenceKind } from './schemas/evidence.js';

/** A claim to capture (the contract's shape), and inside this plugin the claim it would replace. */
export interface NewClaim extends CapturedClaim {
  /** The confirmed claim this one would replace, when an agent supersedes it (stays pending until the human confirms). */
  replaces?: string | null;
}

export interface NewEvidence {
  kind: EvidenceKind;
  blob: string | null;
  url: string | null;
  citation: string | null;
  description: string | null;
}

/** How a claim came to be: the `via` of its `assertion.captured.v1` record. */
export type CaptureVia = 'capture' | 'transcription' | 'supersede';

/**
 * The changes to claims, each writing its record. Every method must run inside
 * `tree.transact`, so a claim, its record and the source's claim_count move together.
 * A source's claim_count counts the active claims citing it: it moves when an active
 * claim gains or loses a source, and when a sourced claim becomes active or stops being so.
 */
export class ClaimWriter {
  readonly store: ClaimStore;

  constructor(
    private readonly tree: Tree,
    private readonly clock: Clock,
    private readonly ids: IdSource,
    /** Read when a claim_count moves, so a request that cites no source never builds the sources service. */
    private readonly sources: () => SourcesService,
  ) {
    this.store = new ClaimStore(tree);
  }

  /** A human's capture stands confirmed; an agent's waits in the pending lane. */
  insert(actor: Actor, claim: NewClaim, via: CaptureVia, extra: Record<string, unknown> = {}): ClaimRow {
    const now = this.clock.now();
    const [actor_kind, credential_id, proposer] = actorValues(actor);
    const row: ClaimRow = {
      id: this.ids.next(),
      persona: claim.persona,
      kind: claim.kind,
      status: actor.kind === 'human' ? 'confirmed' : 'pending',
      value: claim.value ?? null,
      date: claim.date ?? null,
      place: claim.place ?? null,
      source: claim.source ?? null,
      citation: claim.citation ?? null,
      created_at_ms: now,
      status_changed_at_ms: now,
      actor_kind,
      credential_id,
      proposer,
      superseded_by: null,
      replaces: claim.replaces ?? null,
    };
    this.store.insert(row);
    if (row.source) this.sources().adjustClaimCount(row.source, 1);
    this.tree.record({
      kind: 'assertion.captured.v1',
      entity_type: 'assertion',
      entity_id: row.id,
      actor,
      payload: { persona: row.persona, kind: row.kind, status: row.status, source: row.source, citation: row.citation, via, ...extra },
    });
    return row;
  }

  /** Moves a claim to the status of `review` (the caller has checked the transition). */
  setStatus(actor: Actor, claim: ClaimRow, review: Review, extra: Record<string, unknown> = {}): ClaimRow {
    const rule = REVIEW_RULES[review];
    const supersededBy = typeof extra.replacement === 'string' ? extra.replacement : null;
    this.store.setStatus(claim.id, rule.to, this.clock.now(), supersededBy);
    this.countActivity(claim.source, claim.status, rule.to);
    this.tree.record({ kind: rule.record, entity_type: 'assertion', entity_id: claim.id, actor, payload: { from: claim.status, to: rule.to, ...extra } });
    return this.store.get(claim.id)!;
  }

  /** Attaches evidence; a citation gives an unsourced claim its source. */
  attach(actor: Actor, claim: ClaimRow, evidence: NewEvidence, citedSource: string | null): EvidenceRow {
    const [actor_kind, credential_id, proposer] = actorValues(actor);
    const row: EvidenceRow = { id: this.ids.next(), assertion: claim.id, ...evidence, attached_at_ms: this.clock.now(), actor_kind, credential_id, proposer };
    this.store.insertEvidence(row);
    const gainsSource = !claim.source && citedSource !== null;
    if (gainsSource) {
      this.store.setSource(claim.id, citedSource);
      if (isActive(claim.status)) this.sources().adjustClaimCount(citedSource, 1);
    }
    this.tree.record({
      kind: 'assertion.evidence_attached.v1',
      entity_type: 'assertion',
      entity_id: claim.id,
      actor,
      payload: { evidence: row.id, kind: row.kind, ...(gainsSource ? { source: citedSource } : {}) },
    });
    return row;
  }

  /** Deletes a claim and its evidence; an active sourced claim no longer counts for its source. */
  remove(actor: Actor, claim: ClaimRow, reason: string): void {
    this.store.delete(claim.id);
    if (claim.source && isActive(claim.status)) this.sources().adjustClaimCount(claim.source, -1);
    this.tree.record({ kind: 'assertion.removed.v1', entity_type: 'assertion', entity_id: claim.id, actor, payload: { persona: claim.persona, kind: claim.kind, reason } });
  }

  private countActivity(source: string | null, from: AssertionStatus, to: AssertionStatus) {
    if (!source || isActive(from) === isActive(to)) return;
    this.sources().adjustClaimCount(source, isActive(to) ? 1 : -1);
  }
}
