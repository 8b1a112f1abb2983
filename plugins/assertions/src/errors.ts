import { defineProblem, Problems, type ProblemFieldError } from '@rootline/kernel';
import type { AssertionStatus, Review } from './states.js';

const offlineRecordRefused = defineProblem('offline-record-refused', 422, 'An offline record cannot confirm a claim');

const notFound = (entity: string, id: string) => Problems.notFound(`There is no ${entity} ${id} in this tree`, { extras: { entity } });

const badField = (name: string, message: string) => {
  const errors: ProblemFieldError[] = [{ location: 'body', name, message }];
  return Problems.validationFailed(`body ${name} ${message}`, { errors });
};

/** Problems the assertions plugin throws. */
export const AssertionProblems = {
  assertionNotFound: (id: string) => notFound('assertion', id),
  personaNotFound: (id: string) => notFound('persona', id),
  sourceNotFound: (id: string) => notFound('source', id),
  citationNotFound: (id: string) => notFound('citation', id),
  blobNotFound: (hex: string) => notFound('blob', hex),
  badField,
  invalidTransition: (id: string, review: Review, from: AssertionStatus) =>
    Problems.invalidStateTransition(`Assertion ${id} is ${from}; ${review} is not allowed from ${from}`, { extras: { status: from } }),
  notAgentProposed: (id: string) =>
    Problems.invalidStateTransition(`Assertion ${id} was not proposed by an agent; only agent proposals can be marked fabricated`, {
      extras: { status: 'not-agent-proposed' },
    }),
  offlineRecordRefused: () =>
    offlineRecordRefused('An offline record cannot be followed, so it cannot confirm a claim; attach it with attach-evidence and confirm by hand'),
  invalidSort: (sort: string) =>
    Problems.invalidSort(`Cannot sort by "${sort}"; the only sort is "created"`, { errors: [{ location: 'query', name: 'sort', message: 'must be "created"' }] }),
  invalidOrder: (order: string) =>
    Problems.invalidOrder(`Cannot order "${order}"; use "asc" or "desc"`, { errors: [{ location: 'query', name: 'order', message: 'must be "asc" or "desc"' }] }),
};

export { offlineRecordRefused };
