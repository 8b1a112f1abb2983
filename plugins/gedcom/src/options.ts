import { Type, type Static } from '@sinclair/typebox';

/** The GEDCOM plugin's settings (manifest `options`, each overridable by its environment variable). */
export const GedcomOptions = Type.Object(
  {
    max_bytes: Type.Integer({
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      default: 256 * 1024 * 1024,
      description: 'Ceiling of an imported or validated file in bytes: larger bodies are refused with 413 while arriving. Env: ROOTLINE_IMPORT_MAX_BYTES',
    }),
  },
  { additionalProperties: false },
);
export type GedcomOptions = Static<typeof GedcomOptions>;
