import { Problems } from '@rootline/kernel';

/** Problems the notes plugin throws. */
export const NoteProblems = {
  noteNotFound: (id: string) => Problems.notFound(`There is no note ${id} in this tree`, { extras: { entity: 'note' } }),
};
