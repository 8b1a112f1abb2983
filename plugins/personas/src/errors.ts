import { Problems, entityNotFound } from '@rootline/kernel';

/** Problems the personas plugin throws. */
export const PersonaProblems = {
  personaNotFound: (id: string) => entityNotFound('persona', id),
  sourceNotFound: (id: string) => entityNotFound('source', id),
  unknownSex: (sex: string) =>
    Problems.validationFailed(`sex ${JSON.stringify(sex)} is not a GEDCOM value (M, F, X, U)`, { errors: [{ location: 'body', name: 'sex', message: 'must be M, F, X or U' }] }),
  nameless: () =>
    Problems.validationFailed('A persona needs a name: give `name` (as written), or `given` or `surname`', {
      errors: [{ location: 'body', name: 'name', message: 'give the name as written, or a given name or surname' }],
    }),
  piecesWouldEraseName: () =>
    Problems.validationFailed('This persona has no name as written, so its name pieces cannot all be empty', {
      errors: [{ location: 'body', name: 'given', message: 'give at least one name piece' }],
    }),
};
