import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseGedcom, type GedcomNode } from '@rootline/gedcom';
import { buildTestServer, type TeardownHost, type TestServer } from '@rootline/kernel/testing';
import type { Actor, Tree } from '@rootline/kernel';

const here = dirname(fileURLToPath(import.meta.url));

export const fixture = (name: string) => readFileSync(join(here, 'fixtures', name));

/** The plugins the import writes through, in manifest order (the mapping tests need no jobs). */
export const WRITERS = [
  '@rootline/plugin-sources',
  '@rootline/plugin-personas',
  '@rootline/plugin-assertions',
  '@rootline/plugin-persons',
  '@rootline/plugin-family',
  '@rootline/plugin-events',
  '@rootline/plugin-notes',
];

/** The records of a GEDCOM text or bytes, HEAD first, TRLR left out. */
export function records(source: string | Buffer): GedcomNode[] {
  return parseGedcom(typeof source === 'string' ? Buffer.from(source) : source).records;
}

/** Rows of every table in the tree that holds genealogy (what a refusal or an undo must leave as it found it). */
export function rowCounts(tree: Tree): Record<string, number> {
  const tables = tree.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%_fts%' ORDER BY name").pluck().all() as string[];
  return Object.fromEntries(tables.map((table) => [table, tree.prepare(`SELECT count(*) FROM "${table}"`).pluck().get() as number]));
}

export const human: Actor = { kind: 'human', credentialId: null };

export async function writersServer(t: TeardownHost): Promise<TestServer> {
  return buildTestServer(t, { plugins: WRITERS });
}
