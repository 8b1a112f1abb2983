import type { Actor, Clock, IdSource, PageEnvelope, PageWindow, Tree } from '@rootline/kernel';
import type { EntityLabel } from '@rootline/kernel';
import type { CitationsService, SourcesService } from '@rootline/contracts/sources';
import type { PersonasService } from '@rootline/contracts/personas';
import { AssertionProblems } from './errors.js';
import { isActive, step, type Review } from './states.js';
import type { AssertionStatus } from './states.js';
import { ClaimWriter, type NewClaim } from './writer.js';
import { ClaimQueries, keyOf, type BucketCount, type BucketField, type ClaimFilter, type ClaimKey, type SortOrder } from './queries.js';
import { claimDto, evidenceDto, type ClaimRow } from './store.js';
import { checkEvidence, sourceOfCitation } from './evidence.js';
import { listOrder } from './list-order.js';
import { claimTranscription, type TranscriptionClaimed } from './transcription.js';
import type { AssertionDto } from './schemas/assertion.js';
import type { AttachEvidenceBody } from './schemas/evidence.js';
import type { TranscriptionBody } from './schemas/transcription.js';
import type { VitalClaim } from './queries.js';
import type { AssertionsService as AssertionsServiceContract } from '@rootline/contracts/assertions';
import type { DatedClaimRow, UnevidencedClaimRow } from '@rootline/contracts/assertions';
import { datedClaims, sourcedPersonas, unevidencedClaims } from './signals.js';

/**
 * What the service uses of the request's cradle. It keeps the cradle rather than the
 * services themselves: the container builds the personas, sources and citations services
 * only when a request reaches for them (a list never does).
 */
interface AssertionsCradle {
  tree: Tree;
  clock: Clock;
  ids: IdSource;
  personasService: PersonasService;
  sourcesService: SourcesService;
  citationsService: CitationsService;
}

/** What bulk-confirm did to one claim. */
export type BulkOutcome = { id: string; outcome: 'confirmed' | 'already_confirmed' | 'not_found' | 'refused'; detail?: string };

/**
 * Claims of one tree: capture, review, evidence, supersede and the lists. Registered as
 * the scoped `assertionsService`; the pending plugin drives the lane through it.
 * Every check that can fail runs before the transaction, so a refused request writes nothing.
 */
export class AssertionsService implements AssertionsServiceContract {
  private readonly tree: Tree;
  private readonly writer: ClaimWriter;
  private readonly queries: ClaimQueries;

  constructor(private readonly cradle: AssertionsCradle) {
    this.tree = cradle.tree;
    this.writer = new ClaimWriter(cradle.tree, cradle.clock, cradle.ids, () => cradle.sourcesService);
    this.queries = new ClaimQueries(cradle.tree);
  }

  /** One claim with its evidence. */
  get(id: string): AssertionDto | undefined {
    const row = this.writer.store.get(id);
    return row && { ...claimDto(row), evidence: this.writer.store.evidenceOf(id).map(evidenceDto) };
  }

  /** The claims with a citation attached as evidence, `take` after `after`, in id order. */
  citedAsEvidence(after: string, take: number): string[] {
    return this.writer.store.claimsWithCitationEvidence(after, take);
  }

  /**
   * The citations attached as evidence to any of `ids` (one read for a batch of claims), by
   * claim, oldest first: what an exporter writes beside the claim's own source citation.
   */
  evidenceCitations(ids: readonly string[]): Map<string, string[]> {
    const byClaim = new Map<string, string[]>();
    for (const { assertion, citation } of this.writer.store.citationEvidence(ids)) {
      const list = byClaim.get(assertion);
      if (list) list.push(citation);
      else byClaim.set(assertion, [citation]);
    }
    return byClaim;
  }

  requirePersona(id: string): void {
    if (!this.cradle.personasService.exists(id)) throw AssertionProblems.personaNotFound(id);
  }

  requireSource(id: string): void {
    if (!this.cradle.sourcesService.exists(id)) throw AssertionProblems.sourceNotFound(id);
  }

  capture(actor: Actor, input: NewClaim): AssertionDto {
    return this.captureMany(actor, [input])[0];
  }

  /**
   * `capture` for many claims in one transaction (an import's batch), with the same checks,
   * each persona, source and citation checked once however many claims name it: any refusal
   * refuses them all and writes nothing. One record per claim; the answers in the order given.
   */
  captureMany(actor: Actor, inputs: readonly NewClaim[]): AssertionDto[] {
    const personas = [...new Set(inputs.map((input) => input.persona))];
    const known = new Set(this.cradle.personasService.many(personas).map((persona) => persona.id));
    for (const persona of personas) if (!known.has(persona)) throw AssertionProblems.personaNotFound(persona);
    const resolved = new Map<string, { source: string | null; citation: string | null }>();
    const citings = inputs.map((input) => {
      const key = `${input.source ?? ''}\u0000${input.citation ?? ''}`;
      let citing = resolved.get(key);
      if (!citing) resolved.set(key, (citing = this.resolveCiting(input.source, input.citation)));
      return citing;
    });
    return this.tree.transact(() => inputs.map((input, at) => claimDto(this.writer.insert(actor, { ...input, ...citings[at] }, 'capture'))));
  }

  /** A transcribed record: its personas and the claims it supports, citing its source (transcription.ts). */
  transcribe(actor: Actor, body: TranscriptionBody): TranscriptionClaimed {
    const citing = this.resolveCiting(body.source, body.citation);
    return claimTranscription({ tree: this.tree, writer: this.writer, personas: this.cradle.personasService }, actor, body, citing);
  }

  /** confirm, refute, mark-fabricated, defer, undefer. Returns whether the status changed. */
  review(actor: Actor, id: string, review: Exclude<Review, 'supersede'>): boolean {
    return this.tree.transact(() => {
      const claim = this.require(id);
      const next = step(review, claim.status);
      if (next.outcome === 'refused') throw AssertionProblems.invalidTransition(id, review, claim.status);
      if (next.outcome === 'unchanged') return false;
      if (review === 'mark-fabricated' && claim.actor_kind !== 'agent') throw AssertionProblems.notAgentProposed(id);
      this.writer.setStatus(actor, claim, review);
      if (review === 'confirm') this.supersedeReplaced(actor, claim);
      return true;
    });
  }

  /**
   * Replaces a standing claim by a corrected one; superseding it again returns the same replacement.
   * An agent cannot overturn a confirmed claim: its replacement is filed pending (the pending lane)
   * naming the claim in `replaces`, and the claim stays confirmed until the human confirms the
   * replacement, which then supersedes it (`supersedeReplaced`). Refuting the replacement leaves it confirmed.
   */
  supersede(actor: Actor, id: string, replacement: Partial<Omit<NewClaim, 'persona' | 'replaces'>>): string {
    const claim = this.require(id);
    const next = step('supersede', claim.status);
    if (next.outcome === 'unchanged' && claim.superseded_by) return claim.superseded_by;
    if (next.outcome !== 'change') throw AssertionProblems.invalidTransition(id, 'supersede', claim.status);
    const citing =
      replacement.source !== undefined || replacement.citation !== undefined
        ? this.resolveCiting(replacement.source, replacement.citation)
        : { source: claim.source, citation: claim.citation };
    return this.tree.transact(() => {
      const current = this.require(id);
      if (current.status !== claim.status) throw AssertionProblems.invalidTransition(id, 'supersede', current.status);
      const proposal = actor.kind !== 'human' && current.status === 'confirmed';
      const corrected = this.writer.insert(actor, { ...claim, ...replacement, ...citing, replaces: proposal ? id : null }, 'supersede', { replaces: id, ...(proposal ? { proposal: true } : {}) });
      if (!proposal) this.writer.setStatus(actor, current, 'supersede', { replacement: corrected.id });
      return corrected.id;
    });
  }

  attachEvidence(actor: Actor, id: string, body: AttachEvidenceBody): void {
    this.require(id);
    const { evidence, citedSource } = checkEvidence(this.tree, this.cradle.citationsService, body);
    this.tree.transact(() => this.writer.attach(actor, this.require(id), evidence, citedSource));
  }

  /** Followable evidence confirms a pending or deferred claim; open to agents (CONTRACT §3). */
  attachEvidenceAndConfirm(actor: Actor, id: string, body: AttachEvidenceBody): AssertionDto {
    const claim = this.require(id);
    if (body.kind === 'offline_record') throw AssertionProblems.offlineRecordRefused();
    if (step('confirm', claim.status).outcome === 'refused') throw AssertionProblems.invalidTransition(id, 'confirm', claim.status);
    if (actor.kind !== 'human' && this.replacesStanding(claim)) throw AssertionProblems.replacementNeedsHuman(id, claim.replaces!);
    const { evidence, citedSource } = checkEvidence(this.tree, this.cradle.citationsService, body);
    this.tree.transact(() => {
      const current = this.require(id);
      const next = step('confirm', current.status);
      if (next.outcome === 'refused') throw AssertionProblems.invalidTransition(id, 'confirm', current.status);
      const attached = this.writer.attach(actor, current, evidence, citedSource);
      if (next.outcome === 'change') {
        this.writer.setStatus(actor, this.require(id), 'confirm', { via: 'attach-evidence-and-confirm', evidence: attached.id });
        this.supersedeReplaced(actor, current);
      }
    });
    return this.get(id)!;
  }

  /** Confirms each claim it can, in one transaction, and says what happened to every id. */
  bulkConfirm(actor: Actor, ids: string[]): BulkOutcome[] {
    return this.tree.transact(() =>
      ids.map((id): BulkOutcome => {
        const claim = this.writer.store.get(id);
        if (!claim) return { id, outcome: 'not_found' };
        const next = step('confirm', claim.status);
        if (next.outcome === 'unchanged') return { id, outcome: 'already_confirmed' };
        if (next.outcome === 'refused') return { id, outcome: 'refused', detail: `The claim is ${claim.status}; it cannot be confirmed` };
        this.writer.setStatus(actor, claim, 'confirm', { via: 'bulk-confirm' });
        this.supersedeReplaced(actor, claim);
        return { id, outcome: 'confirmed' };
      }),
    );
  }

  /**
   * Deletes a claim and its evidence and records `assertion.removed.v1` (an import undone): the
   * claim leaves every list, count and summary; false when there is none.
   */
  remove(actor: Actor, id: string, reason: string): boolean {
    return this.tree.transact(() => {
      const claim = this.writer.store.get(id);
      if (!claim) return false;
      this.writer.remove(actor, claim, reason);
      return true;
    });
  }

  /** One page of a claim list and the count of all matches; the window fetches one row past its limit. */
  page(filter: ClaimFilter, order: SortOrder, window: PageWindow<ClaimKey>): PageEnvelope<AssertionDto> {
    return window.read((after, take) => this.queries.page(filter, order, after, take), () => this.queries.count(filter), keyOf, claimDto);
  }

  /**
   * The same page as the finished JSON envelope: SQLite builds each item, so a page of
   * 100 claims is 100 strings rather than 1,500 column values (the routes send it as is).
   */
  pageJson(filter: ClaimFilter, order: SortOrder, window: PageWindow<ClaimKey>): string {
    return window.readJson((after, take) => this.queries.pageJson(filter, order, after, take), () => this.queries.count(filter));
  }

  count(filter: ClaimFilter): number {
    return this.queries.count(filter);
  }

  /** The first `n` claims a filter keeps, in `order`. */
  first(filter: ClaimFilter, order: SortOrder, n: number): AssertionDto[] {
    return this.queries.page(filter, order, null, n).map(claimDto);
  }

  /** The `sort`/`order` rules every claim list shares (400 invalid-sort / invalid-order). */
  order(query: { sort?: string; order?: string }): SortOrder {
    return listOrder(query);
  }

  buckets(field: BucketField, filter: ClaimFilter, limit: number): BucketCount[] {
    return this.queries.buckets(field, filter, limit);
  }

  tally(): { sourced: number; needs_source: number; total: number } {
    const halves = this.queries.tallyHalves();
    return { ...halves, total: halves.sourced + halves.needs_source };
  }

  /** Whether `claim` is an agent's replacement of a claim that still stands. */
  private replacesStanding(claim: ClaimRow): boolean {
    const replaced = claim.replaces ? this.writer.store.get(claim.replaces) : undefined;
    return replaced !== undefined && isActive(replaced.status);
  }

  /**
   * `claim` (an agent's replacement of a confirmed claim) was just confirmed: the claim it
   * replaces becomes superseded by it, in the same transaction, by whoever confirmed it.
   * One that stopped standing meanwhile (refuted, or superseded by the human) is left as it is.
   */
  private supersedeReplaced(actor: Actor, claim: ClaimRow): void {
    if (!this.replacesStanding(claim)) return;
    this.writer.setStatus(actor, this.require(claim.replaces!), 'supersede', { replacement: claim.id, via: 'replacement-confirmed' });
  }

  private require(id: string): ClaimRow {
    const row = this.writer.store.get(id);
    if (!row) throw AssertionProblems.assertionNotFound(id);
    return row;
  }

  /** Checks the source and citation a claim will cite; a citation alone cites its own source. */
  private resolveCiting(source: string | null | undefined, citation: string | null | undefined): { source: string | null; citation: string | null } {
    if (source) this.requireSource(source);
    if (citation && !this.cradle.citationsService.exists(citation)) throw AssertionProblems.citationNotFound(citation);
    return { source: source ?? (citation ? sourceOfCitation(this.cradle.citationsService, citation) : null), citation: citation ?? null };
  }

  /** `GET /labels` (views plugin): "Birth of William Smyth: 12 MAR 1851, Ledbury"; unknown ids are left out. */
  labels(ids: string[]): EntityLabel[] {
    const rows = this.queries.byIds(ids);
    if (rows.length === 0) return [];
    const names = new Map(this.cradle.personasService.labels([...new Set(rows.map((row) => row.persona))]).map((label) => [label.id, label.label]));
    return rows.map((row) => ({ id: row.id, kind: 'assertion', label: claimLabel(row, names.get(row.persona)) }));
  }

  /**
   * The standing claims (pending, deferred, confirmed) of these personas, oldest first, at most
   * `limit`, and how many there are (a person's card). Reads at most `limit` rows per persona and
   * status, each one index range, so it costs the same however many claims a persona has.
   */
  forPersonas(personas: string[], limit: number): { items: AssertionDto[]; total: number } {
    const rows = personas.flatMap((persona) => STANDING.flatMap((status) => this.queries.firstOfPersona(persona, status, limit)));
    rows.sort((a, b) => a.created_at_ms - b.created_at_ms || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return { items: rows.slice(0, limit).map(claimDto), total: this.queries.countOfPersonas(personas, STANDING) };
  }

  /**
   * Every claim of `personas` in `statuses` (without their evidence), grouped by persona in the
   * order given, each persona's oldest first: one read for a whole batch (the GEDCOM export).
   */
  ofPersonas(personas: readonly string[], statuses: readonly AssertionStatus[]): AssertionDto[] {
    const byPersona = new Map<string, AssertionDto[]>();
    for (const claim of this.queries.ofPersonas(personas, statuses)) {
      const claims = byPersona.get(claim.persona);
      if (claims) claims.push(claim);
      else byPersona.set(claim.persona, [claim]);
    }
    return [...new Set(personas)].flatMap((persona) => byPersona.get(persona) ?? []);
  }

  /** How many claims of these personas wait in the pending lane (from the per-persona counts). */
  pendingCount(personas: string[]): number {
    return this.queries.countOfPersonas(personas, ['pending']);
  }

  /** The distinct sources the standing claims of these personas cite, by id. */
  citedSources(personas: string[]): string[] {
    return this.queries.sourcesOfPersonas(personas, STANDING);
  }

  /**
   * The standing (pending, deferred, confirmed) claims of `kinds` about `personas`, confirmed
   * first, then oldest first: what the persons plugin builds birth and death summaries from.
   */
  vitalClaims(personas: readonly string[], kinds: readonly string[]): VitalClaim[] {
    return this.queries.vitalClaims(personas, kinds);
  }

  /** Whole-tree reads for the research signals (signals.ts). */
  sourcedPersonas(personas?: readonly string[]): IterableIterator<string> {
    return sourcedPersonas(this.tree, personas);
  }

  unevidencedClaimRows(claims?: readonly string[]): IterableIterator<UnevidencedClaimRow> {
    return unevidencedClaims(this.tree, claims);
  }

  datedClaimRows(kinds: readonly string[], personas?: readonly string[]): IterableIterator<DatedClaimRow> {
    return datedClaims(this.tree, kinds, personas);
  }
}

/** Claims still standing: what a person's card shows. */
const STANDING: readonly AssertionStatus[] = ['pending', 'deferred', 'confirmed'];

/** "Birth of William Smyth: 12 MAR 1851, Ledbury"; the value (cut short) when there is no date or place. */
function claimLabel(row: ClaimRow, persona: string | undefined): string {
  const kind = row.kind.replace(/[_.-]+/g, ' ');
  const head = `${kind.charAt(0).toUpperCase()}${kind.slice(1)}${persona ? ` of ${persona}` : ''}`;
  const value = row.value && row.value.length > 80 ? `${row.value.slice(0, 79)}…` : row.value;
  const detail = [row.date, row.place].filter(Boolean).join(', ') || value;
  return detail ? `${head}: ${detail}` : head;
}
