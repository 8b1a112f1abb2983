import { defineProblem, entityNotFound, Problems } from '@rootline/kernel';

/** Problems the research plugin throws: unknown entities (404 `not-found`) and its state refusals. */
export const ResearchProblems = {
  questionNotFound: (id: string) => entityNotFound('research question', id),
  planItemNotFound: (id: string) => entityNotFound('plan item', id),
  entryNotFound: (id: string) => entityNotFound('research log entry', id),
  sessionNotFound: (id: string) => entityNotFound('research session', id),
  assignmentNotFound: (id: string) => entityNotFound('assignment', id),
  /** A plan item's assignee that is not an assistant's live credential (unknown, revoked, or the human's). */
  assigneeNotFound: (id: string) =>
    Problems.notFound(`No assistant's live credential has the id ${id}; give the item to one that \`rootline agent list\` shows active`, { extras: { entity: 'agent credential' } }),
  personNotFound: (id: string) => entityNotFound('person', id),
  personaNotFound: (id: string) => entityNotFound('persona', id),
  sourceNotFound: (id: string) => entityNotFound('source', id),
  citationNotFound: (id: string) => entityNotFound('citation', id),
  blobNotFound: (address: string) => entityNotFound('blob', address),
  proofArgumentNotFound: (id: string) => entityNotFound('proof argument', id),
  alreadyClosed: defineProblem('question-already-closed', 409, 'The research question is already closed'),
  alreadyOpen: defineProblem('question-already-open', 409, 'The research question is open'),
  proofArgumentOtherQuestion: defineProblem('proof-argument-other-question', 422, 'The proof argument answers another question'),
  planItemOtherPlan: defineProblem('plan-item-other-plan', 422, 'The plan item belongs to another plan'),
  planItemSelf: defineProblem('plan-item-self', 422, 'A plan item cannot be moved next to itself'),
  entryRetracted: defineProblem('log-entry-retracted', 409, 'The research log entry is retracted'),
  sessionEnded: defineProblem('session-ended', 409, 'The research session has ended'),
  assignmentWithdrawn: defineProblem('assignment-withdrawn', 409, 'The assignment was withdrawn'),
  assignmentOtherQuestion: defineProblem('assignment-other-question', 422, 'The assignment belongs to another question'),
};
