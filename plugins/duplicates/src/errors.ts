import { defineProblem, entityNotFound } from '@rootline/kernel';

const nameRequired = defineProblem('name-required', 400, 'A duplicate search needs a name');
const invalidDate = defineProblem('invalid-date', 400, 'The date cannot be read');
const samePerson = defineProblem('same-person', 422, 'A proposal names two different persons');
const knownNotAMatch = defineProblem('known-not-a-match', 409, 'These persons are known not to be one person');
const proposalExists = defineProblem('proposal-exists', 409, 'A proposal for these persons is already pending');
const proposalNotPending = defineProblem('proposal-not-pending', 409, 'The proposal is no longer pending');
const survivorNotInProposal = defineProblem('survivor-not-in-proposal', 422, 'The survivor must be one of the proposal\'s persons');

/** Problems the duplicates plugin throws. */
export const DuplicateProblems = {
  nameRequired: () =>
    nameRequired('Give `given` or `surname` (with at least one letter), or `person`', {
      errors: [{ location: 'query', name: 'surname', message: 'given, surname or person is required' }],
    }),
  invalidDate: (parameter: 'birth' | 'death', text: string) =>
    invalidDate(`${parameter}: "${text}" is not a GEDCOM date this search can compare (e.g. 12 MAR 1850, ABT 1850, BET 1840 AND 1845)`, {
      errors: [{ location: 'query', name: parameter, message: 'must be a GEDCOM date' }],
    }),
  personNotFound: (id: string) => entityNotFound('person', id),
  proposalNotFound: (id: string) => entityNotFound('proposal', id),
  samePerson: (id: string) => samePerson(`Person ${id} is named twice; a merge proposal names two different persons`, { extras: { person: id } }),
  knownNotAMatch: (a: string, b: string, proposal: string | null) =>
    knownNotAMatch(`Persons ${a} and ${b} were found not to be one person${proposal ? ` (proposal ${proposal} was denied)` : ''}`, { extras: { persons: [a, b], proposal } }),
  proposalExists: (proposal: string) => proposalExists(`Proposal ${proposal} for the same persons is pending: it waits for the human to approve or deny it`, { extras: { proposal } }),
  proposalNotPending: (id: string, status: string) => proposalNotPending(`Proposal ${id} is ${status}; only a pending proposal can be approved or denied`, { extras: { proposal_status: status } }),
  survivorNotInProposal: (survivor: string, persons: [string, string]) =>
    survivorNotInProposal(`Person ${survivor} is not one of ${persons[0]} and ${persons[1]}`, { extras: { survivor } }),
};
