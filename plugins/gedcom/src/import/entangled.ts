import type { Actor, Tree, TreeRecord } from '@rootline/kernel';
import type { MappingServices } from './context.js';

/** Records read per page of the walk. */
const PAGE = 1000;
/** Changes named in the refusal. */
const NAMED = 20;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** A change made since an import, outside it, that ties what the import created to something it did not create. */
export interface Entanglement {
  seq: number;
  kind: string;
  entity_type: string;
  entity_id: string;
}

/** What undoing an import reaches beyond what it created. */
export interface UndoReach {
  /** Changes that tie the import's entities to other work: undo is refused while any still holds. */
  tied: { count: number; named: Entanglement[] };
  /** Every tie's entity, once: what a stopped run's clean-up undoes first (`untie.ts`). */
  ties: Tie[];
  /**
   * Made since about what the import created, so they go with it: claims on its personas, notes on
   * its entities, associations with its persons, media objects attached to its entities (detached)
   * or depicting its personas (the depiction taken off).
   */
  carried: Record<Carried, string[]> & { attachments: Attachment[]; depictions: Depiction[] };
}

/** A media object depicting a persona (`media_depicts`). */
export interface Depiction {
  media: string;
  persona: string;
}

/** A media object attached to an entity (`media_attached`). */
export interface Attachment {
  media: string;
  target: string;
}

/** The entity a tie is about, as the record named it: a person (merged, or holding the import's personas) or a claim (citing the import's source). */
export interface Tie {
  entity_type: string;
  entity_id: string;
}

type Carried = 'assertions' | 'notes' | 'associations';
type Outcome = Carried | 'attachments' | 'depictions' | 'tied' | 'passes';
type Services = Pick<MappingServices, 'assertionsService' | 'notesService' | 'personsService' | 'mediaService'>;
type CarriedServices = Pick<MappingServices, 'assertionsService' | 'notesService' | 'associationsService' | 'mediaService'>;

/**
 * What undoing an import would reach beyond what it created, found from the record log (so every
 * plugin's changes are seen) and judged on the tree as it is now: each record written since the
 * import's first, by other work, that names both an entity the import created and one it did not.
 * - Carried (removed with the import, each removal recorded): a claim made since on one of its
 *   personas, a note on one of its entities, an association with one of its persons or personas,
 *   another media object attached to one of its entities or depicting one of its personas (taken
 *   off it; its own media objects go with their links).
 * - Tied (undo refused until reversed): a person of the import merged with another person, either
 *   way, or a person made since holding one of its personas (split them apart first; a split that
 *   moved its personas to a new person counts by that new person); a claim on
 *   another persona citing one of its sources or citations (supersede it first).
 * - Passes: anything else, as for any retracted person or removed entity (an edge to an imported
 *   person is hidden with it; a redaction of it hides nothing more). A change only to what the
 *   import created (its claim confirmed, a living status set) goes with it.
 * The walk gives the event loop back between pages.
 */
export async function reachOfUndo(tree: Tree, services: Services, importKey: string, pause: () => Promise<void>): Promise<UndoReach> {
  const walk = walkReach(tree, services, importKey);
  for (let step = walk.next(); ; step = walk.next()) {
    if (step.done) return step.value;
    await pause();
  }
}

/** The same walk without yielding: the repair at the tree's open, before any request can reach it. */
export function reachOfUndoNow(tree: Tree, services: Services, importKey: string): UndoReach {
  const walk = walkReach(tree, services, importKey);
  for (let step = walk.next(); ; step = walk.next()) if (step.done) return step.value;
}

/** The walk of `reachOfUndo`, one bounded stretch of the record log per step (`besideImport`). */
function* walkReach(tree: Tree, services: Services, importKey: string): Generator<void, UndoReach> {
  const tied: UndoReach['tied'] = { count: 0, named: [] };
  const ties = new Map<string, Tie>();
  const carried = { assertions: new Set<string>(), notes: new Set<string>(), associations: new Set<string>() };
  const attachments = new Map<string, Attachment>();
  const depictions = new Map<string, Depiction>();
  for (let after: number | null = null; ;) {
    const { records: page, next } = tree.records.besideImport(importKey, after, PAGE);
    const idsOf = new Map(page.map((record) => [record, idsNamed(record)]));
    const imported = tree.records.writtenByImport(importKey, [...new Set([...idsOf.values()].flat())]);
    for (const [record, ids] of idsOf) {
      if (!(ids.some((id) => imported.has(id)) && ids.some((id) => !imported.has(id)))) continue;
      const outcome = judge(services, record, imported);
      if (outcome === 'passes') continue;
      if (outcome === 'attachments') {
        const attachment = attachmentOf(record)!;
        attachments.set(`${attachment.media} ${attachment.target}`, attachment);
        continue;
      }
      if (outcome === 'depictions') {
        const depiction = depictionOf(record)!;
        depictions.set(`${depiction.media} ${depiction.persona}`, depiction);
        continue;
      }
      if (outcome !== 'tied') {
        carried[outcome].add(record.entity_id);
        continue;
      }
      for (const id of record.entity_type === 'person' ? personsOf(record) : [record.entity_id]) ties.set(id, { entity_type: record.entity_type, entity_id: id });
      if (tied.count++ < NAMED) tied.named.push({ seq: record.seq, kind: record.kind, entity_type: record.entity_type, entity_id: record.entity_id });
    }
    if (next === null) break;
    after = next;
    yield;
  }
  return { tied, ties: [...ties.values()], carried: { assertions: [...carried.assertions], notes: [...carried.notes], associations: [...carried.associations], attachments: [...attachments.values()], depictions: [...depictions.values()] } };
}

/**
 * Removes what was made since about what the import created (`UndoReach.carried`), each removal
 * recorded with `reason`, inside the caller's transaction: the claims, notes and associations an
 * undo or a stopped run's clean-up takes with the run, so none is left about nothing.
 */
export function removeCarried(services: CarriedServices, actor: Actor, carried: UndoReach['carried'], reason: string): void {
  for (const claim of carried.assertions) services.assertionsService.remove(actor, claim, reason);
  for (const note of carried.notes) services.notesService.remove(actor, note, reason);
  for (const association of carried.associations) services.associationsService.remove(actor, association, reason);
  for (const { media, target } of carried.attachments) services.mediaService.detach(media, target);
  for (const { media, persona } of carried.depictions) services.mediaService.undepict(media, persona);
}

/** How many removals `removeCarried` makes. */
export function carriedCount(carried: UndoReach['carried']): number {
  return carried.assertions.length + carried.notes.length + carried.associations.length + carried.attachments.length + carried.depictions.length;
}

/** The attachment a `media.attached.v1` record made (media object and target), if it is one. */
function attachmentOf(record: TreeRecord): Attachment | undefined {
  const target = (record.payload as { target?: unknown } | null)?.target;
  return record.kind === 'media.attached.v1' && typeof target === 'string' ? { media: record.entity_id, target } : undefined;
}

/** The depiction a `media.depicts.v1` record made (media object and persona), if it is one. */
function depictionOf(record: TreeRecord): Depiction | undefined {
  const persona = (record.payload as { persona?: unknown } | null)?.persona;
  return record.kind === 'media.depicts.v1' && typeof persona === 'string' ? { media: record.entity_id, persona } : undefined;
}

/** What a record naming the import's entities and others means for undo, by its entity as it is now. */
function judge(services: Services, record: TreeRecord, imported: Set<string>): Outcome {
  const { entity_type: type, entity_id: id } = record;
  const { personsService } = services;
  if (imported.has(id)) {
    if (type !== 'person') return 'passes';
    // One of its persons that absorbed another: that one would go with it.
    const merged = record.kind.startsWith('person.merged.') ? (record.payload as { merged?: string } | null)?.merged : undefined;
    if (merged && !imported.has(merged) && personsService.survivorOf(merged) === id) return 'tied';
    // One of its persons split: the new person may hold its personas.
    return personsOf(record).some((each) => personTied(personsService, each, imported)) ? 'tied' : 'passes';
  }
  switch (type) {
    case 'person':
      return personsOf(record).some((each) => personTied(personsService, each, imported)) ? 'tied' : 'passes';
    case 'assertion': {
      const claim = services.assertionsService.get(id);
      if (!claim) return 'passes';
      if (imported.has(claim.persona)) return 'assertions';
      return [claim.source, claim.citation].some((cited) => cited && imported.has(cited)) ? 'tied' : 'passes';
    }
    case 'note': {
      const note = services.notesService.get(id);
      return note && imported.has(note.target) ? 'notes' : 'passes';
    }
    case 'association':
      return 'associations';
    case 'media': {
      // Another media object attached since to one of its entities, or depicting one of its personas
      // (the record names nothing else the import made; its own media objects go with their links), if still there.
      const attachment = attachmentOf(record);
      if (attachment) return services.mediaService.attachedTo([attachment.target]).get(attachment.target)?.includes(attachment.media) ? 'attachments' : 'passes';
      const depiction = depictionOf(record);
      return depiction && services.mediaService.depicting([depiction.persona]).get(depiction.persona)?.includes(depiction.media) ? 'depictions' : 'passes';
    }
    default:
      return 'passes';
  }
}

/** The persons a person's record is about: its own, and the new person a split made (`new_person`), which may hold the import's personas. */
function personsOf(record: TreeRecord): string[] {
  const moved = (record.payload as { new_person?: unknown } | null)?.new_person;
  return typeof moved === 'string' ? [record.entity_id, moved] : [record.entity_id];
}

/** A person not of the import holding one of its personas, or merged into one of its persons. */
function personTied(personsService: Services['personsService'], id: string, imported: Set<string>): boolean {
  if (imported.has(id)) return false;
  const person = personsService.get(id);
  if (person) return person.personas.some((persona) => imported.has(persona));
  const survivor = personsService.survivorOf(id);
  return survivor !== null && imported.has(survivor);
}

/** The record's entity and every id its payload names. */
function idsNamed(record: TreeRecord): string[] {
  return [...new Set([record.entity_id, ...(JSON.stringify(record.payload ?? null).match(UUID) ?? [])])];
}
