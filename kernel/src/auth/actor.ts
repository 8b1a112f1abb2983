/** Who is making a request: the human, or an agent credential (with the model it reported). */
export interface Actor {
  kind: 'human' | 'agent' | 'system';
  credentialId: string | null;
  proposer?: string;
}

export const systemActor: Actor = { kind: 'system', credentialId: null };

/** The columns every table keeps of who made a row (CONTRACT §6): use with `actorValues`. */
export const ACTOR_COLUMNS = 'actor_kind, credential_id, proposer';

/** The values of `ACTOR_COLUMNS` for this actor (a human never has a proposer). */
export function actorValues(actor: Actor): [Actor['kind'], string | null, string | null] {
  return [actor.kind, actor.credentialId, actor.kind === 'agent' ? (actor.proposer ?? null) : null];
}
