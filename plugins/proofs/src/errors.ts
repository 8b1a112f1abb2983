import { entityNotFound } from '@rootline/kernel';

/** Problems the proofs plugin throws. */
export const ProofProblems = {
  proofArgumentNotFound: (id: string) => entityNotFound('proof argument', id),
  assertionNotFound: (id: string) => entityNotFound('assertion', id),
  questionNotFound: (id: string) => entityNotFound('research question', id),
};
