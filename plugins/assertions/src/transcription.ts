import type { Actor, Tree } from '@rootline/kernel';
import type { PersonasService } from '@rootline/contracts/personas';
import { claimDto, type ClaimRow } from './store.js';
import type { ClaimWriter } from './writer.js';
import type { TranscriptionBody } from './schemas/transcription.js';
import type { AssertionDto } from './schemas/assertion.js';

type TranscribedPersona = TranscriptionBody['personas'][number];

export interface TranscriptionClaimed extends Omit<AssertionDto, 'evidence'> {
  personas: string[];
  claims: AssertionDto[];
}

/** What a transcription writes with: the tree, the claim writer and the personas plugin's service. */
interface TranscriptionParts {
  tree: Tree;
  writer: ClaimWriter;
  personas: PersonasService;
}

/**
 * A transcription of a record: creates a persona for each person it names (through the
 * personas plugin), keeps the text as a `transcription` claim of the first (principal)
 * persona and captures what the record says about each one, all citing the source, in one
 * transaction: a failure anywhere leaves no persona and no claim behind. `citing` has been
 * checked by the caller.
 */
export function claimTranscription(
  { tree, writer, personas }: TranscriptionParts,
  actor: Actor,
  body: TranscriptionBody,
  citing: { source: string | null; citation: string | null },
): TranscriptionClaimed {
  return tree.transact(() => {
    const created = body.personas.map((persona) => createPersona(personas, actor, persona, body.source));
    const transcription = writer.insert(actor, { persona: created[0], kind: 'transcription', value: body.transcription, ...citing }, 'transcription');
    const origin = { transcription: transcription.id };
    const claims: ClaimRow[] = [];
    body.personas.forEach((persona, index) => {
      if (persona.role) claims.push(writer.insert(actor, { persona: created[index], kind: 'role', value: persona.role, ...citing }, 'transcription', origin));
      for (const claim of persona.claims) claims.push(writer.insert(actor, { persona: created[index], ...claim, ...citing }, 'transcription', origin));
    });
    return { ...claimDto(transcription), personas: created, claims: claims.map(claimDto) };
  });
}

/** `personasService.create` is synchronous (its contract says so), so it takes part in our transaction. */
function createPersona(personas: PersonasService, actor: Actor, persona: TranscribedPersona, source: string): string {
  const { name, given, surname, sex } = persona;
  return personas.create(actor, { name, given, surname, sex, source }).id;
}
