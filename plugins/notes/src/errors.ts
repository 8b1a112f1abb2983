import { entityNotFound } from '@rootline/kernel';

/** Problems the notes plugin throws. */
export const NoteProblems = {
  noteNotFound: (id: string) => entityNotFound('note', id),
};
