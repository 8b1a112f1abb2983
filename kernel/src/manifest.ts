import { readFileSync } from 'node:fs';
import { Type, type Static } from '@sinclair/typebox';
import { Ajv, type ValidateFunction } from 'ajv';
import type { Manifest } from './plugin.js';

export const ManifestSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    plugins: Type.Array(
      Type.Object(
        {
          name: Type.String({ pattern: '^@rootline/plugin-[a-z0-9-]+$' }),
          options: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

export class ManifestError extends Error {
  override name = 'ManifestError';
}

/** Parses and checks a manifest; the message names the first thing wrong. */
let check: ValidateFunction | undefined;

export function parseManifest(value: unknown, where = 'manifest'): Manifest {
  check ??= new Ajv({ allErrors: false, strict: false }).compile(ManifestSchema);
  if (!check(value)) {
    const first = check.errors?.[0];
    throw new ManifestError(`The ${where} is not valid: ${first?.instancePath || '/'} ${first?.message ?? ''}`.trim());
  }
  const manifest = value as Static<typeof ManifestSchema>;
  const seen = new Set<string>();
  for (const entry of manifest.plugins) {
    if (seen.has(entry.name)) throw new ManifestError(`The ${where} lists ${entry.name} twice`);
    seen.add(entry.name);
  }
  return { plugins: manifest.plugins };
}

export function readManifest(file: string): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ManifestError(`Cannot read the manifest: ${(error as Error).message.split('\n')[0]}`);
  }
  return parseManifest(json, 'manifest');
}
