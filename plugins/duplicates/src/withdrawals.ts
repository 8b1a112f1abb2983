import type { Actor, Tree, TreeRecord } from '@rootline/kernel';
import { ProposalStore } from './proposals.js';

/**
 * A person was retracted (by the human, or by an import's undo, cancel or failure): each pending
 * proposal naming it can never be approved (the merge refuses a retracted person), so it is
 * withdrawn, with the retraction's reason, and recorded as `proposal.withdrawn.v1` by whoever
 * retracted the person (an undo's records carry its import key, as the retraction's do). Runs
 * inside the retraction's transaction: both commit, or neither.
 */
export function withdrawProposalsOf(tree: Tree, retraction: TreeRecord): void {
  const proposals = new ProposalStore(tree);
  const person = retraction.entity_id;
  const given = (retraction.payload as { reason?: string | null } | undefined)?.reason;
  const reason = `Person ${person} was retracted${given ? `: ${given}` : ''}`;
  const actor: Actor = { kind: retraction.actor.kind, credentialId: retraction.actor.credential_id, ...(retraction.actor.proposer ? { proposer: retraction.actor.proposer } : {}) };
  for (const proposal of proposals.pendingOf(person)) {
    proposals.withdraw(proposal.id, retraction.at_ms, reason);
    tree.record({ kind: 'proposal.withdrawn.v1', entity_type: 'proposal', entity_id: proposal.id, actor, payload: { persons: proposal.persons, reason } });
  }
}
