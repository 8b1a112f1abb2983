import { Type } from '@sinclair/typebox';
import { Uuid } from '@rootline/kernel';

export const IdParams = Type.Object({ id: Uuid() });

/** Free text written by a researcher: 1-100,000 characters, not only blanks. */
export const Text = (description: string, max = 100_000) => Type.String({ minLength: 1, maxLength: max, pattern: '\\S', description });

/** Who did something: the human or an agent credential (`proposer`: the model an agent reported). */
export const Actor = Type.Object(
  {
    actor_kind: Type.String({ description: '`human`, `agent` or `system`' }),
    credential_id: Type.Union([Type.String(), Type.Null()], { description: 'The credential that did it' }),
  },
  { description: 'Who did it' },
);
