import { defineProblem, entityNotFound } from '@rootline/kernel';

/** 409: resolution or withdrawal of a conflict that is no longer open (CONTRACT §4 `already-settled`). */
const alreadySettled = defineProblem('already-settled', 409, 'The conflict is already settled');

/** Problems the conflicts plugin throws. */
export const ConflictProblems = {
  conflictNotFound: (id: string) => entityNotFound('conflict', id),
  proofArgumentNotFound: (id: string) => entityNotFound('proof argument', id),
  personNotFound: (id: string) => entityNotFound('person', id),
  alreadySettled: (id: string, status: string) => alreadySettled(`The conflict ${id} is already ${status}; a settled conflict stays as it was settled`, { extras: { conflict_status: status } }),
};
