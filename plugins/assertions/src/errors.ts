import { defineProblem, entityNotFound, Problems, type ProblemFieldError } from '@rootline/kernel';
import type { AssertionStatus, Review } from './states.js';

const offlineRecordRefused = defineProblem('offline-record-refused', 422, 'An offline record cannot confirm a claim');
/** The review state machine is this plugin's (CONTRACT §7), so its refusal is declared here, not in the kernel. */
const invalidStateTransition = defineProblem('invalid-state-transition', 422, 'That change is not allowed from the current state');

const badField = (name: string, message: string) => {
  const errors: ProblemFieldError[] = [{ location: 'body', name, message }];
  return Problems.validationFailed(`body ${name} ${message}`, { errors });
};

/** Problems the assertions plugin throws. */
export const AssertionProblems = {
  assertionNotFound: (id: string) => entityNotFound('assertion', id),
  personaNotFound: (id: string) => entityNotFound('persona', id),
  sourceNotFound: (id: string) => entityNotFound('source', id),
  citationNotFound: (id: string) => entityNotFound('citation', id),
  blobNotFound: (hex: string) => entityNotFound('blob', hex),
  badField,
  invalidTransition: (id: string, review: Review, from: AssertionStatus) =>
    invalidStateTransition(`Assertion ${id} is ${from}; ${review} is not allowed from ${from}`, { extras: { assertion_status: from } }),
  notAgentProposed: (id: string) =>
    invalidStateTransition(`Assertion ${id} was not proposed by an agent; only agent proposals can be marked fabricated`, {
      extras: { reason: 'not-agent-proposed' },
    }),
  replacementNeedsHuman: (id: string, replaces: string) =>
    Problems.humanTokenRequired(
      `Assertion ${id} would replace the confirmed claim ${replaces}; only the human may confirm it (attach-evidence attaches evidence without confirming)`,
    ),
  offlineRecordRefused: () =>
    offlineRecordRefused('An offline record cannot be followed, so it cannot confirm a claim; attach it with attach-evidence and confirm by hand'),
  invalidSort: (sort: string) =>
    Problems.invalidSort(`Cannot sort by "${sort}"; the only sort is "created"`, { errors: [{ location: 'query', name: 'sort', message: 'must be "created"' }] }),
  invalidOrder: (order: string) =>
    Problems.invalidOrder(`Cannot order "${order}"; use "asc" or "desc"`, { errors: [{ location: 'query', name: 'order', message: 'must be "asc" or "desc"' }] }),
};
