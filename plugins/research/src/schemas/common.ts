import { Type } from '@sinclair/typebox';
import { Uuid } from '@rootline/kernel';

export const IdParams = Type.Object({ id: Uuid() });

/** Free text written by a researcher: 1-100,000 characters, not only blanks. */
export const Text = (description: string, max = 100_000) => Type.String({ minLength: 1, maxLength: max, pattern: '\\S', description });
