import type { FastifyInstance } from 'fastify';
import type { Tree, TreeRecord } from '@rootline/kernel';
import type { PersonsService } from '@rootline/contracts/persons';
import { PersonStore } from './store.js';
import { VITAL_KINDS } from './vitals.js';

/**
 * Keeps persons in step with the personas' names and claims, inside the transaction that
 * changed them (the personas and assertions plugins never call persons):
 * - `persona.*` of a persona in an active person: names, sex and search text again;
 * - `assertion.captured.v1` of a birth/baptism/christening/death/burial claim, and every
 *   status change of a claim, and `assertion.removed.v1` (an import undone): the birth and
 *   death summaries of the claim's person.
 * Evidence attached changes no date, place or status, so it is skipped.
 */
export function followPersonasAndClaims(app: FastifyInstance): void {
  // An observer gets the tree, not a request: `services()` is the tree's cradle (ours reads
  // names and claims through personasService and assertionsService).
  app.kernel.onRecord('persona.', (tree, record, services) => {
    // A persona just created is in no person yet: nothing to look up (an import writes thousands).
    if (record.kind.startsWith('persona.created.')) return;
    const person = new PersonStore(tree).personOfPersona(record.entity_id);
    if (person) services().personsService.refresh(person, record.at_ms);
  });

  app.kernel.onRecord('assertion.', (tree, record, services) => {
    if (record.kind.startsWith('assertion.evidence_attached.')) return;
    // A captured claim is new and a removed one is gone: the record's payload names the persona.
    if (record.kind.startsWith('assertion.captured.') || record.kind.startsWith('assertion.removed.')) return vitalClaimOf(tree, record, services);
    const persons = services().personsService;
    const person = persons.personOfClaim(record.entity_id);
    if (person) persons.refresh(person, record.at_ms);
  });

  /** The tree's services are made only for a vital claim of a concluded persona (a scope per claim costs). */
  function vitalClaimOf(tree: Tree, record: TreeRecord, services: () => { personsService: PersonsService }): void {
    const { persona, kind } = record.payload as { persona?: string; kind?: string };
    if (!persona || !kind || !VITAL_KINDS.includes(kind)) return;
    const person = new PersonStore(tree).personOfPersona(persona);
    if (person) services().personsService.refresh(person, record.at_ms);
  }
}
