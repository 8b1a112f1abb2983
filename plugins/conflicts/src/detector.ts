import { systemActor, type IdSource, type ServiceCradle, type Tree, type TreeRecord } from '@rootline/kernel';
import type { AssertionDto, VitalClaim } from '@rootline/contracts/assertions';
import { ruleOf } from './kinds.js';
import { disagreement, memoised, type Disagreement } from './disagree.js';
import { ConflictStore, type ConflictRow, type KnownPair, type Side } from './store.js';

/** Claims that stand (CONTRACT §7): the ones that can be in conflict. */
const ACTIVE: AssertionDto['status'][] = ['pending', 'deferred', 'confirmed'];

/** A claim as read for comparing: the whole claim, or the light row of an event kind (no value, no source). */
type Facts = AssertionDto | VitalClaim;

/** The personas whose claims are about one individual: a person's, or one persona in no person. */
interface Group {
  person: string | null;
  personas: readonly string[];
}

/** The services the detection reads (the tree's, acting as the system). */
type Services = Pick<ServiceCradle, 'assertionsService' | 'personsService'>;

/**
 * Finds and withdraws conflicts as claims and persons change, inside the transaction that
 * changed them (index.ts routes the assertions' and persons' records here). Opening and
 * automatic withdrawal are the service's (actor `system`), each with its record; `cause` in the
 * payload is the seq of the record that led to it.
 */
export class ConflictDetector {
  private readonly store: ConflictStore;

  private made: Services | undefined;
  /** Each date and place is read once per run, however many claims it is compared with. */
  private readonly read = memoised();

  /** `services` makes the tree's services: called once, when a record first needs them. */
  constructor(
    private readonly tree: Tree,
    private readonly make: () => Services,
    private readonly ids: IdSource,
  ) {
    this.store = new ConflictStore(tree);
  }

  private services(): Services {
    return (this.made ??= this.make());
  }

  /**
   * A claim captured (by capture, a transcription, a supersede's replacement or an import):
   * one read of its group's standing claims of its kind (for an event kind the light rows,
   * `vitalClaims`: date and place are all it compares), a conflict with each one it disagrees
   * with. A new claim is in no conflict yet, so no pair can be known. A replacement is not
   * compared with the claim it replaces (that one is superseded in the same transaction).
   */
  claimCaptured(record: TreeRecord): void {
    const { persona, kind, replaces } = record.payload as { persona: string; kind: string; replaces?: string };
    // Every claim is captured standing (pending or confirmed, CONTRACT §7): the kind decides.
    const rule = ruleOf(kind);
    if (!rule) return;
    const group = this.groupOf(persona);
    const assertions = this.services().assertionsService;
    // A persona alone whose only claim of the kind is this one (most of an import): a counter row says so.
    if (group.personas.length === 1 && assertions.count({ persona, kind }) < 2) return;
    const claims: Facts[] = rule.compare.includes('value')
      ? assertions.ofPersonas(group.personas, ACTIVE).filter((claim) => claim.kind === kind)
      : assertions.vitalClaims(group.personas, [kind]);
    const fresh = claims.find((claim) => claim.id === record.entity_id);
    if (!fresh) return;
    for (const other of claims) {
      if (other.id === fresh.id || other.id === replaces) continue;
      this.compare(fresh, other, group.person, record);
    }
  }

  /**
   * A claim stopped standing (refuted, fabricated, superseded: index.ts routes only those):
   * its open conflicts go with it. Between standing statuses (confirm, defer, undefer) nothing
   * changes, so those records are not followed: a pending claim already takes part. No status
   * comes back to standing (refuted, fabricated and superseded are final, CONTRACT §7).
   */
  claimStoppedStanding(record: TreeRecord): void {
    const { to, replacement } = record.payload as { to: string; replacement?: string };
    const by = typeof replacement === 'string' ? ` by ${replacement}` : '';
    this.withdrawOfClaim(record, `The claim ${record.entity_id} was ${to}${by}`);
  }

  /** A claim removed (an import undone): `reason` is the remover's. */
  claimRemoved(record: TreeRecord): void {
    const { reason } = record.payload as { reason: string };
    this.withdrawOfClaim(record, `The claim ${record.entity_id} was removed (${reason})`);
  }

  /** A citation gave an unsourced claim its source: the conflicts' copy of the claim says so too. */
  evidenceAttached(record: TreeRecord): void {
    const { source } = record.payload as { source?: string };
    if (typeof source === 'string') this.store.setSource(record.entity_id, source);
  }

  /** Personas concluded into one person: their claims now meet. One persona alone meets no one new. */
  personConcluded(record: TreeRecord): void {
    const { personas } = record.payload as { personas: string[] };
    if (personas.length < 2) return;
    this.evaluate({ person: record.entity_id, personas }, record);
  }

  /** Two persons merged: the merged person's conflicts name the survivor, and its claims meet the survivor's. */
  personMerged(record: TreeRecord): void {
    const { survivor, merged } = record.payload as { survivor: string; merged: string };
    this.store.renamePerson(merged, survivor);
    const person = this.services().personsService.get(survivor);
    if (person) this.evaluate({ person: survivor, personas: person.personas }, record);
  }

  /**
   * A person split: a conflict between a persona that moved and one that stayed is no longer
   * about one person (open ones are withdrawn); one whose two personas both moved names the
   * new person. Nothing new can disagree: the groups only got smaller.
   */
  personSplit(record: TreeRecord): void {
    const { new_person: newPerson, personas } = record.payload as { new_person: string; personas: string[] };
    const moving = new Set(personas);
    for (const row of this.store.ofPerson(record.entity_id)) {
      const moved = [moving.has(row.persona_a), moving.has(row.persona_b)];
      if (moved[0] && moved[1]) this.store.setPerson(row.id, newPerson);
      else if ((moved[0] || moved[1]) && row.status === 'open') {
        this.withdraw(row, record, `The person ${record.entity_id} was split: the personas ${row.persona_a} and ${row.persona_b} are no longer one person`);
      }
    }
  }

  /** A person retracted: its personas are no longer one person, so its open conflicts are withdrawn. */
  personRetracted(record: TreeRecord): void {
    for (const row of this.store.ofPerson(record.entity_id)) {
      if (row.status === 'open') this.withdraw(row, record, `The person ${record.entity_id} was retracted: its personas are no longer concluded to be one person`);
    }
  }

  /** The persona's person and its personas, or the persona alone. */
  private groupOf(persona: string): Group {
    const persons = this.services().personsService;
    const person = persons.personOfPersona(persona);
    if (person === null) return { person: null, personas: [persona] };
    return { person, personas: persons.get(person)?.personas ?? [persona] };
  }

  /**
   * Every pair of standing claims of one single-valued kind in the group: a conflict for each
   * that disagrees and is not known. A pair is known while its conflict is open, once it was
   * resolved, and once the human withdrew it (remembered: never opened again for these two
   * claims). A pair the service withdrew because its personas stopped being one person opens
   * again when they are one person again: nobody decided that dispute.
   */
  private evaluate(group: Group, cause: TreeRecord): void {
    const claims = this.services().assertionsService.ofPersonas(group.personas, ACTIVE).filter((claim) => ruleOf(claim.kind));
    if (claims.length < 2) return;
    const byKind = new Map<string, AssertionDto[]>();
    for (const claim of claims) {
      const same = byKind.get(claim.kind);
      if (same) same.push(claim);
      else byKind.set(claim.kind, [claim]);
    }
    const candidates = [...byKind.values()].filter((same) => same.length > 1);
    if (candidates.length === 0) return;
    const known = new Map<string, KnownPair[]>();
    for (const pair of this.store.knownPairs(candidates.flat().map((claim) => claim.id))) {
      const key = `${pair.claim_a} ${pair.claim_b}`;
      known.set(key, [...(known.get(key) ?? []), pair]);
    }
    for (const same of candidates) {
      same.sort((x, y) => (x.id < y.id ? -1 : 1));
      for (let i = 0; i < same.length; i++) {
        for (let j = i + 1; j < same.length; j++) {
          const pairs = known.get(`${same[i].id} ${same[j].id}`) ?? [];
          if (pairs.some((pair) => pair.status !== 'withdrawn' || pair.withdrawal_automatic === 0)) continue;
          this.compare(same[i], same[j], group.person, cause);
        }
      }
    }
  }

  /**
   * Opens the conflict of two claims when they disagree, the older first (its words first in the
   * detail too); one persona's claims name the persona, two personas' their person.
   */
  private compare(x: Facts, y: Facts, person: string | null, cause: TreeRecord): void {
    const [a, b] = x.id < y.id ? [x, y] : [y, x];
    const samePersona = a.persona === b.persona;
    if (!samePersona && person === null) return;
    const found = disagreement(a, b, this.read);
    if (found) this.open(this.whole(a), this.whole(b), found, samePersona, person, cause);
  }

  /** The whole claim (value and source) of a light row: read only when a conflict opens. */
  private whole(claim: Facts): AssertionDto {
    return 'source' in claim ? claim : this.services().assertionsService.get(claim.id)!;
  }

  private open(a: AssertionDto, b: AssertionDto, found: Disagreement, samePersona: boolean, person: string | null, cause: TreeRecord): void {
    const id = this.ids.next();
    const named = samePersona ? { persona: a.persona, person: null } : { persona: null, person };
    this.store.insert({ id, kind: a.kind, ...named, a: sideOf(a), b: sideOf(b), on: found.on, detail: found.detail, openedAtMs: cause.at_ms });
    this.tree.record({
      kind: 'conflict.opened.v1',
      entity_type: 'conflict',
      entity_id: id,
      actor: systemActor,
      payload: { kind: a.kind, ...(samePersona ? { persona: a.persona } : { person }), claims: [a.id, b.id], disagree_on: found.on, cause: cause.seq },
    });
  }

  private withdrawOfClaim(cause: TreeRecord, reason: string): void {
    for (const row of this.store.openOfClaim(cause.entity_id)) this.withdraw(row, cause, reason);
  }

  private withdraw(row: ConflictRow, cause: TreeRecord, reason: string): void {
    this.store.withdraw(row.id, systemActor, reason, true, cause.at_ms);
    this.tree.record({ kind: 'conflict.withdrawn.v1', entity_type: 'conflict', entity_id: row.id, actor: systemActor, payload: { reason, automatic: true, cause: cause.seq } });
  }
}

const sideOf = (claim: AssertionDto): Side => ({ claim: claim.id, persona: claim.persona, value: claim.value, date: claim.date, place: claim.place, source: claim.source });
