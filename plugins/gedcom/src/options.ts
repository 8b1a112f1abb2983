import { Type, type Static } from '@sinclair/typebox';

/** The GEDCOM plugin's settings (manifest `options`, each overridable by its environment variable). */
export const GedcomOptions = Type.Object(
  {
    max_bytes: Type.Integer({
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      // A file of a million persons is about 500 MB (pres2020 tiled: about 500 bytes a person), and the
      // import streams it (docs/benchmarks.md, "A million persons"): the default takes it, a 2 GB file is still refused.
      default: 1024 * 1024 * 1024,
      description: 'Ceiling of an imported or validated file in bytes (default 1 GiB: a file of about two million persons): larger bodies are refused with 413 while arriving. Env: ROOTLINE_IMPORT_MAX_BYTES',
    }),
  },
  { additionalProperties: false },
);
export type GedcomOptions = Static<typeof GedcomOptions>;
