import { defineProblem, entityNotFound } from '@rootline/kernel';

const alreadyConcluded = defineProblem('persona-already-concluded', 409, 'A persona is already concluded into a person');
const mergeSelf = defineProblem('merge-self', 422, 'A person cannot be merged into itself');
const invalidSplit = defineProblem('invalid-split', 422, 'A split takes a strict, non-empty subset of the person\'s personas');

/** Problems the persons plugin throws. */
export const PersonProblems = {
  personNotFound: (id: string) => entityNotFound('person', id),
  personaNotFound: (id: string) => entityNotFound('persona', id),
  personaAlreadyConcluded: (persona: string, person: string) =>
    alreadyConcluded(`Persona ${persona} is already concluded into person ${person}; retract or split that person first`, { extras: { persona, person } }),
  notAPersonaOf: (person: string, personas: string[]) =>
    invalidSplit(`Not personas of person ${person}: ${personas.join(', ')}`, { extras: { personas } }),
  mergeSelf: (person: string) => mergeSelf(`Survivor and merged are both person ${person}; name two different persons`),
  splitTakesAll: (person: string) => invalidSplit(`The split would take every persona of person ${person}; leave at least one`),
};
