/** Who is making a request: the human, or an agent credential (with the model it reported). */
export interface Actor {
  kind: 'human' | 'agent' | 'system';
  credentialId: string | null;
  proposer?: string;
}

export const systemActor: Actor = { kind: 'system', credentialId: null };
