import type { Actor, Tree } from '@rootline/kernel';
import type { ImportRuns } from '../runs.js';
import type { MappingServices } from './context.js';
import type { Tie } from './entangled.js';

type Services = Pick<MappingServices, 'personsService' | 'assertionsService' | 'citationsService'>;

/**
 * A stopped run (failed or cancelled) cannot refuse to go as an undo does while the human's work
 * since ties what it created to the rest of the tree (`entangled.ts`). So its clean-up undoes
 * each tie first, in the caller's transaction, and the run's removal then takes away only what
 * the import brought:
 * - a person of the import that absorbed a person of the tree (a merge either way round, the
 *   import's person surviving): the tree's personas are split out of it, which reverses the
 *   merge (that person is active again under its own id, its edges, events and notes moved back);
 * - a person of the tree holding personas of the import (it absorbed one of the import's
 *   persons): those personas are split out of it, reversing that merge too (the import's person
 *   comes back, and goes with the run); a person made since holding nothing but the import's
 *   personas is retracted with the run, `reason` recorded;
 * - a source or citation of the import that a claim elsewhere cites stays, taken off the run's
 *   list: the human's claim keeps what it cites.
 * These records are not tagged with the run's key: they are the tree's, not the import's.
 */
export function untie(tree: Tree, runs: ImportRuns, services: Services, actor: Actor, importKey: string, ties: readonly Tie[], reason: string): void {
  for (const tie of ties) {
    if (tie.entity_type === 'person') untiePerson(tree, runs, services, actor, importKey, tie.entity_id, reason);
    else if (tie.entity_type === 'assertion') keepWhatIsCited(runs, services, importKey, tie.entity_id);
  }
}

/** The person named by a tie, as it is now (or its survivor, if it was merged away), with the import's personas and the tree's kept apart. */
function untiePerson(tree: Tree, runs: ImportRuns, services: Services, actor: Actor, importKey: string, id: string, reason: string): void {
  const { personsService } = services;
  const survivor = personsService.survivorOf(id);
  const current = personsService.get(id) ?? (survivor === null ? undefined : personsService.get(survivor));
  // Retracted since: it holds nothing any more.
  if (!current) return;
  const imported = tree.records.writtenByImport(importKey, [current.id, ...current.personas]);
  const ofImport = current.personas.filter((persona) => imported.has(persona));
  const ofTree = current.personas.filter((persona) => !imported.has(persona));
  const ofImportsOwn = imported.has(current.id);
  if (ofImport.length === 0) {
    // The import's person holds only the tree's personas now (its own were split off): it stays, off the run's list.
    if (ofImportsOwn) runs.release(importKey, 'person', [current.id]);
    return;
  }
  if (ofTree.length === 0) {
    // A person made since from nothing but the import's personas goes with them.
    if (!ofImportsOwn) personsService.retract(actor, current.id, reason);
    return;
  }
  // Whichever survived the merge, what the tree brought leaves the import's person, and what the import brought leaves the tree's.
  const { new_person: moved } = personsService.split(actor, current.id, ofImportsOwn ? ofTree : ofImport);
  // The import's personas left a person of the tree for a new person (not a reversed merge, which brings the import's person back): nothing holds it but the run's personas.
  if (!ofImportsOwn && !tree.records.writtenByImport(importKey, [moved.id]).has(moved.id)) personsService.retract(actor, moved.id, reason);
}

/**
 * The import's source and citation cited by a claim of the tree: taken off the run's list, so they
 * stay. Only the run's own rows are on its list, so naming the tree's own there changes nothing.
 */
function keepWhatIsCited(runs: ImportRuns, services: Services, importKey: string, claimId: string): void {
  const claim = services.assertionsService.get(claimId);
  if (!claim) return;
  const citation = claim.citation ? services.citationsService.get(claim.citation) : undefined;
  if (citation) runs.release(importKey, 'citation', [citation.id]);
  runs.release(importKey, 'source', [...new Set([claim.source, citation?.source].filter((id): id is string => Boolean(id)))]);
}
