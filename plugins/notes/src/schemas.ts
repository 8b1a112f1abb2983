import { Type, type Static } from '@sinclair/typebox';
import { Uuid } from '@rootline/kernel';

const example = {
  id: '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d',
  target: '01938f0e-6b1d-7aa0-8e55-0c2f4d9e1a77',
  text: 'Census taker spelled the surname "Smyth"; the parish register has "Smith".',
  created_at_ms: 1763769600000,
};

export const NoteDto = Type.Object(
  {
    id: Uuid(),
    target: Type.String({ description: 'Id of what the note is about (any entity), or a free key' }),
    text: Type.String(),
    created_at_ms: Type.Integer(),
  },
  { $id: 'NoteDto', examples: [example] },
);
export type NoteDto = Static<typeof NoteDto>;

const Target = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', description: 'Id of an entity, or a free key (1-200 characters)' });

export const CreateNoteBody = Type.Object(
  {
    target: Target,
    text: Type.String({ minLength: 1, maxLength: 100_000, pattern: '\\S', description: 'The note, as written' }),
  },
  { examples: [{ target: example.target, text: example.text }] },
);
export type CreateNoteBody = Static<typeof CreateNoteBody>;

/** The most notes one answer of `GET notes?target=` holds, and how many it holds unless `limit` says fewer. */
export const NOTES_PAGE_LIMIT = 1000;

export const NotesQuery = Type.Object({
  target: Target,
  limit: Type.Optional(Type.Integer({
    description: `Most notes in this answer: 1 to ${NOTES_PAGE_LIMIT} (the default); a value out of range is clamped, not refused. Ordinary targets get all their notes in one answer`,
    examples: [100],
  })),
  cursor: Type.Optional(Type.String({
    description: 'Where to go on from: taken from the previous answer\'s `Link: <...>; rel="next"` header (opaque; refused with 400 invalid-cursor if changed or used with another target)',
  })),
});
export const NoteParams = Type.Object({ id: Uuid() });
