import type { Actor } from '@rootline/kernel';
import type { AssertionsService } from './service.js';
import { claimDto, type ClaimRow } from './store.js';
import type { PersonasPeer } from './peers.js';
import type { TranscriptionBody } from './schemas/transcription.js';
import type { AssertionDto } from './schemas/assertion.js';

type TranscribedPersona = TranscriptionBody['personas'][number];

export interface TranscriptionClaimed extends Omit<AssertionDto, 'evidence'> {
  personas: string[];
  claims: AssertionDto[];
}

/**
 * A transcription of a record: creates a persona for each person it names (through the
 * personas plugin), keeps the text as a `transcription` claim of the first (principal)
 * persona and captures what the record says about each one, all citing the source, in one
 * transaction: a failure anywhere leaves no persona and no claim behind.
 */
export function claimTranscription(service: AssertionsService, actor: Actor, body: TranscriptionBody): TranscriptionClaimed {
  const citing = service.resolveCiting(body.source, body.citation);
  return service.tree.transact(() => {
    const personas = body.personas.map((persona) => createPersona(service.peers.personasService, actor, persona, body.source));
    const transcription = service.writer.insert(actor, { persona: personas[0], kind: 'transcription', value: body.transcription, ...citing }, 'transcription');
    const origin = { transcription: transcription.id };
    const claims: ClaimRow[] = [];
    body.personas.forEach((persona, index) => {
      if (persona.role) claims.push(service.writer.insert(actor, { persona: personas[index], kind: 'role', value: persona.role, ...citing }, 'transcription', origin));
      for (const claim of persona.claims) claims.push(service.writer.insert(actor, { persona: personas[index], ...claim, ...citing }, 'transcription', origin));
    });
    return { ...claimDto(transcription), personas, claims: claims.map(claimDto) };
  });
}

function createPersona(personas: PersonasPeer, actor: Actor, persona: TranscribedPersona, source: string): string {
  const named = { name: persona.name, given: persona.given, surname: persona.surname, sex: persona.sex };
  const input = { ...Object.fromEntries(Object.entries(named).filter(([, value]) => value !== undefined)), source };
  const created = personas.create(actor, input);
  // Our transaction is synchronous: a persona service that answers later cannot take part in it.
  if (typeof (created as unknown as PromiseLike<unknown>)?.then === 'function') throw new Error('personasService.create must be synchronous');
  return created.id;
}
