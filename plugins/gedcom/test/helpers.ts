import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseGedcom, type GedcomNode } from '@rootline/gedcom';
import { buildTestServer, type TeardownHost, type TestServer } from '@rootline/kernel/testing';
import type { Test } from 'tap';
import type { Actor, Tree } from '@rootline/kernel';

const here = dirname(fileURLToPath(import.meta.url));

export const fixture = (name: string) => readFileSync(join(here, 'fixtures', name));

/** The plugins the import writes through, in manifest order (the mapping tests need no jobs). */
const WRITERS = [
  '@rootline/plugin-sources',
  '@rootline/plugin-personas',
  '@rootline/plugin-assertions',
  '@rootline/plugin-persons',
  '@rootline/plugin-family',
  '@rootline/plugin-events',
  '@rootline/plugin-notes',
];

/** The records of a GEDCOM text or bytes, HEAD first, TRLR left out. */
export function records(source: string | Uint8Array): GedcomNode[] {
  return parseGedcom(typeof source === 'string' ? Buffer.from(source) : source).records;
}

/** Rows of every table in the tree that holds genealogy (what a refusal or an undo must leave as it found it). */
export function rowCounts(tree: Tree): Record<string, number> {
  const tables = tree.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '%_fts%' ORDER BY name").pluck().all() as string[];
  return Object.fromEntries(tables.map((table) => [table, tree.prepare(`SELECT count(*) FROM "${table}"`).pluck().get() as number]));
}

/** Every index of the tree with the SQL that made it: what a bulk load sets aside must all come back. */
export function treeIndexes(tree: Tree): Record<string, string> {
  const rows = tree.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name").all() as { name: string; sql: string }[];
  return Object.fromEntries(rows.map((row) => [row.name, row.sql]));
}

export const human: Actor = { kind: 'human', credentialId: null };

export async function writersServer(t: TeardownHost): Promise<TestServer> {
  return buildTestServer(t, { plugins: WRITERS });
}

/** Every plugin the import route needs, in manifest order. */
export const ALL = ['@rootline/plugin-jobs', '@rootline/plugin-media', ...WRITERS, '@rootline/plugin-views', '@rootline/plugin-gedcom'];

export async function importServer(t: TeardownHost, options: { maxBytes?: number; dataDir?: string } = {}): Promise<TestServer> {
  const plugins = ALL.map((name) => (name === '@rootline/plugin-gedcom' && options.maxBytes ? { name, options: { max_bytes: options.maxBytes } } : name));
  return buildTestServer(t, { plugins, ...(options.dataDir ? { dataDir: options.dataDir } : {}) });
}

const FINISHED = new Set(['succeeded', 'failed', 'cancelled']);

/** Waits for a job to finish (polling its route: the job runs on the server's event loop). */
export async function finished(s: TestServer, jobId: string, prefix = '/v1'): Promise<any> {
  for (;;) {
    const job = (await s.request('GET', `${prefix}/jobs/${jobId}`)).json();
    if (FINISHED.has(job.state)) return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Uploads a file to the import route; `query` as the route takes it. */
export function upload(s: TestServer, bytes: Buffer | string, options: { prefix?: string; query?: Record<string, string | boolean>; token?: string | null } = {}) {
  return s.request('POST', `${options.prefix ?? '/v1'}/imports/gedcom`, {
    payload: typeof bytes === 'string' ? Buffer.from(bytes) : bytes,
    headers: { 'content-type': 'application/octet-stream' },
    ...(options.query ? { query: options.query } : {}),
    ...(options.token !== undefined ? { token: options.token } : {}),
  });
}

/** Files in the tree's objects folder (blobs), temporary ones included. */
export function objectFiles(tree: Tree): number {
  const walk = (dir: string): number => readdirSync(dir).reduce((n, entry) => n + (statSync(join(dir, entry)).isDirectory() ? walk(join(dir, entry)) : 1), 0);
  return walk(tree.objectsDir);
}

/** A GEDCOM file of `n` individuals in families of four (for a job long enough to cancel). */
export function generated(n: number): string {
  const lines = ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '1 CHAR UTF-8'];
  for (let i = 0; i < n; i++) lines.push(`0 @I${i}@ INDI`, `1 NAME Person${i} /Family${Math.floor(i / 4)}/`, '1 BIRT', `2 DATE ${1800 + (i % 100)}`, '2 PLAC Somewhere');
  for (let f = 0; f < Math.floor(n / 4); f++) lines.push(`0 @F${f}@ FAM`, `1 HUSB @I${4 * f}@`, `1 WIFE @I${4 * f + 1}@`, `1 CHIL @I${4 * f + 2}@`, `1 CHIL @I${4 * f + 3}@`, '1 MARR', '2 DATE 1820');
  lines.push('0 TRLR', '');
  return lines.join('\n');
}

/** A GEDCOM file of `version` holding these lines between HEAD and TRLR. */
export const gedcom = (version: '7.0' | '5.5.1', ...lines: string[]) =>
  ['0 HEAD', '1 GEDC', `2 VERS ${version}`, ...(version === '5.5.1' ? ['2 FORM LINEAGE-LINKED', '1 CHAR UTF-8'] : []), ...lines, '0 TRLR', ''].join('\n');

/** Imports through the route (into `s`, else a new server), the job followed to its end (it must succeed), and reads its loss report. */
export async function imported(t: Test, bytes: string | Buffer, s?: TestServer) {
  const server = s ?? (await importServer(t));
  const started = await upload(server, bytes, { query: { allow_duplicate: true } });
  t.equal(started.statusCode, 202, started.body);
  const job = await finished(server, started.json().job_id);
  t.equal(job.state, 'succeeded', JSON.stringify(job.error));
  const tree = server.server.kernel.trees.active();
  const cradle = server.server.kernel.servicesFor(tree, human);
  const items = (await server.request('GET', '/v1/gedcom/loss-reports', { query: { report_id: job.result.report_id } })).json().items as { path: string; reason: string; count: number; examples: number[]; kept?: true }[];
  const lost = items.map((item) => `${item.path} ${item.reason}`);
  return { s: server, tree, cradle, job, items, lost };
}

/** The person card of the person shown as `name` (what the genealogist opens), through the route; in the tree `treeId`, else the active one. */
export async function cardOf(s: TestServer, name: string, treeId?: string): Promise<any> {
  const tree = treeId ? s.server.kernel.trees.get(treeId)! : s.server.kernel.trees.active();
  const id = tree.prepare('SELECT id FROM persons WHERE display_name = ?').pluck().get(name) as string;
  return (await s.request('GET', `${treeId ? `/v1/trees/${treeId}` : '/v1'}/persons/${id}/card`)).json();
}

/**
 * A data folder holding smith.ged imported, then left as a crash leaves it (`leave` writes that
 * state into the run's row, as the server would have when it stopped; it may also work through
 * the server first) and the server closed: the next server on `dataDir` finds it at its start.
 * Removed when the test ends.
 */
export async function crashedImport(t: Test, leave: (s: TestServer, importKey: string) => Promise<void> | void): Promise<{ dataDir: string; importKey: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rootline-gedcom-crash-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const s = await buildTestServer({ teardown: () => undefined }, { plugins: ALL, dataDir });
  const started = (await upload(s, fixture('smith.ged'))).json();
  await finished(s, started.job_id);
  await leave(s, started.import_key);
  await s.server.close();
  return { dataDir, importKey: started.import_key };
}
