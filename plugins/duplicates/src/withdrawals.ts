import { systemActor, type Actor, type Tree, type TreeRecord } from '@rootline/kernel';
import type { PersonsService } from '@rootline/contracts/persons';
import { ProposalStore } from './proposals.js';
import type { ProposalDto } from './schemas.js';

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
  const given = (retraction.payload as { reason: string | null }).reason;
  const actor: Actor = { kind: retraction.actor.kind, credentialId: retraction.actor.credential_id, ...(retraction.actor.proposer ? { proposer: retraction.actor.proposer } : {}) };
  for (const proposal of proposals.pendingOf(person)) withdraw(tree, proposals, proposal, actor, retraction.at_ms, `Person ${person} was retracted${given ? `: ${given}` : ''}`);
}

/**
 * As a tree opens: a pending proposal one of whose persons is gone for good (retracted, or merged
 * into a person retracted since) is withdrawn, by the system. What a tree holds from before
 * withdrawals existed (duplicates 0.1.8), and a person merged into one retracted later, which the
 * retraction's own proposals did not name. Pending proposals are few: each is a few lookups.
 */
export function withdrawUndecidable(tree: Tree, persons: Pick<PersonsService, 'exists' | 'survivorOf'>, at: number): void {
  const proposals = new ProposalStore(tree);
  // A person merged since stands for its survivor (`survivorOf`: null once no active person holds it).
  const gone = (person: string) => !persons.exists(persons.survivorOf(person) ?? person);
  tree.transact(() => {
    for (const proposal of proposals.allPending()) {
      const person = proposal.persons.find(gone);
      if (person !== undefined) withdraw(tree, proposals, proposal, systemActor, at, `Person ${person} is no longer in the tree (retracted, or merged into a person retracted since)`);
    }
  });
}

function withdraw(tree: Tree, proposals: ProposalStore, proposal: ProposalDto, actor: Actor, at: number, reason: string): void {
  proposals.decide(proposal.id, { status: 'withdrawn', at, reason });
  tree.record({ kind: 'proposal.withdrawn.v1', entity_type: 'proposal', entity_id: proposal.id, actor, payload: { persons: proposal.persons, reason } });
}
