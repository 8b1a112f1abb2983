import t from 'tap';
import Database from 'better-sqlite3';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildTestServer, logSettled, smallDisk, smallDiskUnavailable, startChildServer, waitFor } from '@rootline/kernel/testing';
import { faultsPlugin } from './fixtures/faults.js';
import { jottingsPlugin } from './fixtures/plugins.js';
import { RETRY_AFTER_MS } from '../src/log-file.js';

/**
 * A full disk (kernel/src/storage/disk-full.ts, http/problem-handler.ts, log-file.ts,
 * storage/tree-store.ts): a request that fails for want of room answers 507 `disk-full` saying
 * so, without a path, and changes nothing; the server goes on answering, and once there is room
 * again goes on writing, its log noting how many lines it lost.
 */

const DISK_FULL = {
  type: 'urn:rootline:problem:disk-full', title: 'The disk is full', status: 507,
  detail: 'The disk holding Rootline\'s data folder is full; nothing was changed. Make room on that disk, then try again', code: 'disk-full',
};

t.test('a write refused for want of room (ENOSPC, EDQUOT, SQLITE_FULL, or one as the cause) answers 507 disk-full, never a path', async (t) => {
  const s = await buildTestServer(t, { builtIn: [faultsPlugin()], plugins: ['@rootline/plugin-faults'] });
  for (const code of ['ENOSPC', 'EDQUOT', 'SQLITE_FULL', 'ENOSPC-wrapped', 'SQLITE_FULL-wrapped']) {
    const reply = await s.request('POST', `/v1/faults/disk-full/${code}`);
    t.equal(reply.statusCode, 507, code);
    t.same(reply.json(), { ...DISK_FULL, instance: `/v1/faults/disk-full/${code}` }, `${code}: what the genealogist reads`);
    t.notOk(reply.body.includes('/home/'), `${code}: no path`);
  }
  const other = await s.request('POST', '/v1/faults/disk-full/EACCES');
  t.equal(other.json().code, 'internal', 'another failure of the file system stays internal');
  await logSettled(s.server.kernel.logger);
  const log = readFileSync(join(s.dataDir, 'logs', 'rootline.log'), 'utf8');
  t.match(log, /"code":"ENOSPC"/, 'the log has the details');
});

t.test('a tree whose database is full (SQLITE_FULL): 507 disk-full, nothing stored; with room again the same write is stored', async (t) => {
  const s = await buildTestServer(t, { builtIn: [jottingsPlugin()], plugins: ['@rootline/plugin-jottings'] });
  const tree = s.server.kernel.trees.active();
  const records = s.records().length;
  tree.db.pragma(`max_page_count = ${tree.db.pragma('page_count', { simple: true }) as number}`);
  const body = { target: 'full', text: 'A long transcription. '.repeat(2000) };
  const reply = await s.request('POST', '/v1/jottings', { body });
  t.equal(reply.statusCode, 507);
  t.same(reply.json(), { ...DISK_FULL, instance: '/v1/jottings' });
  t.same((await s.request('GET', '/v1/jottings', { query: { target: 'full' } })).json(), [], 'nothing was changed');
  t.equal(s.records().length, records, 'nothing recorded');
  tree.db.pragma('max_page_count = 1073741823');
  t.equal((await s.request('POST', '/v1/jottings', { body })).statusCode, 201, 'with room, stored');
});

/** A server in a process of its own (its death or its hang must not be the test's), on `dataDir`. */
const SERVE = `
import { buildTestServer } from '@rootline/kernel/testing';
import { jottingsPlugin } from ${JSON.stringify(join(import.meta.dirname, 'fixtures', 'plugins.ts'))};

const s = await buildTestServer({ teardown: () => undefined }, { dataDir: process.argv[1], builtIn: [jottingsPlugin()], plugins: ['@rootline/plugin-jottings'], env: { ROOTLINE_LOG_REQUESTS: '1' } });
process.stdout.write('READY ' + s.url + ' ' + s.humanToken + '\\n');
`;

t.test('with the data folder\'s disk full the server goes on answering (507 where it must write, nothing half made), and once there is room goes on writing, its log saying how many lines were lost', { skip: smallDiskUnavailable }, async (t) => {
  const disk = smallDisk(t, 20);
  const dataDir = join(disk.dir, 'data');
  const { child, url, token, stderr } = await startChildServer(t, SERVE, [dataDir], { cwd: import.meta.dirname });
  /** A request answered within 5 s, or the reason it was not. */
  const call = async (method: string, path: string, body?: object): Promise<{ status: number; json: any }> => {
    try {
      const reply = await fetch(`${url}${path}`, {
        method, signal: AbortSignal.timeout(5000),
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body && JSON.stringify(body),
      });
      return { status: reply.status, json: await reply.json() };
    } catch (error) {
      return { status: 0, json: { unanswered: (error as Error).name, exited: child.exitCode ?? child.signalCode, stderr: stderr() } };
    }
  };
  const treesDir = join(dataDir, 'trees');
  const folders = readdirSync(treesDir);
  t.equal((await call('POST', '/v1/jottings', { target: 'a', text: 'before' })).status, 201);
  // As in a registry that has served a while: its write-ahead log checkpointed, so the next
  // writes reuse the log's blocks and a tree can be registered on a full disk (its database cannot be made).
  for (let i = 0; i < 10; i++) t.equal((await call('PUT', '/v1/trees/active', { tree_id: (await call('GET', '/v1/trees')).json.items[0].tree_id })).status, 200);
  const registry = new Database(join(dataDir, 'registry.db'));
  registry.pragma('wal_checkpoint(RESTART)');
  registry.close();

  disk.fill();
  for (let i = 0; i < 4; i++) {
    const created = await call('POST', '/v1/trees', { name: `On a full disk ${i}` });
    t.same(created, { status: 507, json: { ...DISK_FULL, instance: '/v1/trees' } }, `creating a tree, try ${i + 1}: 507 disk-full`);
    const written = await call('POST', '/v1/jottings', { target: 'a', text: 'A long transcription. '.repeat(2000) });
    t.same(written, { status: 507, json: { ...DISK_FULL, instance: '/v1/jottings' } }, `writing, try ${i + 1}: 507 disk-full`);
  }
  const listed = await call('GET', '/v1/trees');
  t.equal(listed.status, 200, 'reading still answers');
  t.same(listed.json.items?.map((row: { name: string }) => row.name), ['My tree'], 'no tree was half made');
  t.same(readdirSync(treesDir), folders, 'and no folder');
  t.same((await call('GET', '/v1/jottings?target=a')).json.map?.((row: { text: string }) => row.text), ['before'], 'nothing was written');

  disk.empty();
  await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS + 100));
  const created = await call('POST', '/v1/trees', { name: 'With room again' });
  t.equal(created.status, 201, 'with room again, a tree is made');
  t.equal((await call('POST', '/v1/jottings', { target: 'a', text: 'after' })).status, 201, 'and a write is stored');
  t.equal(child.exitCode ?? child.signalCode, null, 'the server is still running');
  t.notMatch(stderr(), /Unhandled|ENOSPC/, 'nothing went unhandled');
  const log = join(dataDir, 'logs', 'rootline.log');
  await waitFor(() => readFileSync(log, 'utf8').includes('were lost'));
  const note = readFileSync(log, 'utf8').split('\n').filter((line) => line.includes('were lost')).map((line) => JSON.parse(line));
  t.match(note, [{ level: 40, code: 'ENOSPC', lost_lines: Number }], 'one line says how many log lines were lost');
  t.ok(note[0].lost_lines >= 8, `the requests on the full disk (${note[0].lost_lines} lines)`);
});
