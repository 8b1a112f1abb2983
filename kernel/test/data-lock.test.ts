import t, { type Test } from 'tap';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { DataDirLockedError, HOLDER_FILE, LOCK_FILE, lockDataDir, lockedMessage, readHolder, waitForHolderUrl, type LockHolder } from '../src/storage/data-lock.js';
import { dataDirLayout, ensureDataDir } from '../src/storage/data-dir.js';
import { openDatabase } from '../src/storage/sqlite.js';
import { openRegistry } from '../src/storage/open-registry.js';
import { createServer } from '../src/server.js';
import { smallDisk, smallDiskUnavailable } from '@rootline/kernel/testing';

/** One process writes a data folder (issue 17 points 1 and 2): the lock, and private modes. */

const HOLDER = fileURLToPath(new URL('./fixtures/lock-holder.ts', import.meta.url));
const posix = process.platform !== 'win32';

function folder(t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), 'rootline-lock-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Starts lock-holder.ts; resolves with its first line ("locked" or "refused ..."). */
function holder(t: Test, args: string[]): Promise<{ child: ChildProcess; line: string; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', HOLDER, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  t.teardown(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) resolve({ child, line: text.split('\n')[0], exited });
    });
    child.once('exit', (code) => (text.includes('\n') ? undefined : reject(new Error(`lock holder exited ${code} without a line`))));
  });
}

const refusal = (fn: () => unknown): DataDirLockedError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof DataDirLockedError) return error;
    throw error;
  }
  throw new Error('the lock was taken');
};

t.test('the lock: one holder, named to the loser; released by the OS when the holder is killed', async (t) => {
  const root = join(folder(t), 'data');
  const first = await holder(t, [root, 'server', 'serve', 'http://127.0.0.1:7421']);
  t.equal(first.line, 'locked');
  t.ok(existsSync(join(root, LOCK_FILE)), 'the lock file is in the data folder');
  const written = JSON.parse(readFileSync(join(root, HOLDER_FILE), 'utf8')) as LockHolder;
  t.match(written, { pid: first.child.pid, role: 'server', command: 'serve', url: 'http://127.0.0.1:7421' });
  t.type(written.started_at_ms, 'number');

  const lost = refusal(() => lockDataDir(root, { role: 'server', command: 'serve' }));
  t.match(lost.holder, { pid: first.child.pid, role: 'server', url: 'http://127.0.0.1:7421' });
  t.equal(lost.message, `a Rootline server (pid ${first.child.pid}) is already running for this data folder at http://127.0.0.1:7421 (stop it first, or pass another --data-dir)`);
  const second = await holder(t, [root, 'server', 'serve']);
  t.equal(second.line, `refused ${lost.message}`, 'another process is refused the same way');
  t.equal(await second.exited, 3);

  const tool = refusal(() => lockDataDir(root, { role: 'tool', command: 'agent list', waitForToolMs: 5000 }));
  t.equal(tool.holder?.pid, first.child.pid, 'a tool does not wait for a server');

  first.child.kill('SIGKILL');
  await first.exited;
  const after = lockDataDir(root, { role: 'server', command: 'serve' });
  t.equal(after.holder.pid, process.pid, 'free at once after SIGKILL: no stale lock');
  t.equal(readHolder(root), null, 'its own holder file is not "another holder"');
  t.equal(JSON.parse(readFileSync(join(root, HOLDER_FILE), 'utf8')).pid, process.pid);
  const third = await holder(t, [root, 'tool', 'agent create']);
  t.match(third.line, new RegExp(`^refused a Rootline server \\(pid ${process.pid}\\) is already running for this data folder and is still starting`));
  after.release();
  t.notOk(existsSync(join(root, HOLDER_FILE)), 'released: the holder file is gone');
  after.release();
  t.pass('a second release does nothing');
  const again = lockDataDir(root, { role: 'tool', command: 'token' });
  again.release();
});

t.test('a failed attempt in the holding process does not drop the lock (POSIX closes)', async (t) => {
  const root = join(folder(t), 'data');
  const lock = lockDataDir(root, { role: 'server', command: 'serve' });
  t.teardown(() => lock.release());
  for (let i = 0; i < 3; i++) refusal(() => lockDataDir(root, { role: 'server', command: 'serve', waitForToolMs: 0 }));
  const other = await holder(t, [root, 'server', 'serve']);
  t.match(other.line, /^refused /, 'still held after three refused attempts and their closes');
});

t.test('an offline tool is waited for; a server is not', async (t) => {
  const root = join(folder(t), 'data');
  const tool = await holder(t, [root, 'tool', 'agent create', '', '600']);
  t.equal(tool.line, 'locked');
  const impatient = refusal(() => lockDataDir(root, { role: 'server', command: 'serve', waitForToolMs: 0 }));
  t.equal(impatient.message, `rootline agent create (pid ${tool.child.pid}) is using this data folder (wait for it to finish, or pass another --data-dir)`);
  const started = Date.now();
  const lock = lockDataDir(root, { role: 'server', command: 'serve', waitForToolMs: 10_000 });
  t.ok(Date.now() - started >= 200, 'waited for the tool to finish');
  lock.release();
  t.equal(await tool.exited, 0);
});

t.test('a lock let go just as it was asked for is taken, not refused as held by nobody', async (t) => {
  const root = join(folder(t), 'data');
  mkdirSync(root, { recursive: true });
  // A holder that never writes its name (as in the moment between letting go and its file going) and lets go after 300 ms.
  const script = `const D = require(${JSON.stringify(createRequire(import.meta.url).resolve('better-sqlite3'))}); const db = new D(process.argv[1]); db.pragma('locking_mode = EXCLUSIVE'); db.exec('BEGIN EXCLUSIVE; COMMIT'); console.log('locked'); setTimeout(() => { db.close(); process.exit(0); }, 300);`;
  const child = spawn(process.execPath, ['-e', script, join(root, LOCK_FILE)], { stdio: ['ignore', 'pipe', 'inherit'] });
  t.teardown(() => child.kill('SIGKILL'));
  await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
  const lock = lockDataDir(root, { role: 'server', command: 'serve', waitForToolMs: 0 });
  t.equal(lock.holder.pid, process.pid, 'taken once the other let go');
  lock.release();
});

t.test('lockedMessage: each holder in one line', async (t) => {
  const rows: [LockHolder | null, string][] = [
    [null, 'another Rootline process is using this data folder (stop it first, or pass another --data-dir)'],
    [{ pid: 7, role: 'server', command: 'serve', url: 'http://127.0.0.1:1', started_at_ms: 0 }, 'a Rootline server (pid 7) is already running for this data folder at http://127.0.0.1:1 (stop it first, or pass another --data-dir)'],
    [{ pid: 7, role: 'server', command: 'serve', started_at_ms: 0 }, 'a Rootline server (pid 7) is already running for this data folder and is still starting (stop it first, or pass another --data-dir)'],
    [{ pid: 8, role: 'server', command: 'import', url: 'http://127.0.0.1:2', started_at_ms: 0 }, 'rootline import (pid 8) runs a server for this data folder at http://127.0.0.1:2 (wait for it to finish, or pass another --data-dir)'],
    [{ pid: 9, role: 'tool', command: 'token', started_at_ms: 0 }, 'rootline token (pid 9) is using this data folder (wait for it to finish, or pass another --data-dir)'],
  ];
  for (const [holderRow, expected] of rows) t.equal(lockedMessage(holderRow), expected);
});

t.test('the holder file: a dead, unreadable or missing holder is nobody', async (t) => {
  const root = folder(t);
  t.equal(readHolder(root), null, 'missing');
  writeFileSync(join(root, HOLDER_FILE), 'not json');
  t.equal(readHolder(root), null, 'unreadable');
  writeFileSync(join(root, HOLDER_FILE), JSON.stringify({ role: 'server' }));
  t.equal(readHolder(root), null, 'no pid');
  const dead = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => dead.once('exit', resolve));
  writeFileSync(join(root, HOLDER_FILE), JSON.stringify({ pid: dead.pid, role: 'server', command: 'serve', started_at_ms: 1 }));
  t.equal(readHolder(root), null, 'a process that has ended');
  writeFileSync(join(root, HOLDER_FILE), JSON.stringify({ pid: 1, role: 'server', command: 'serve', started_at_ms: 1 }));
  t.match(readHolder(root), { pid: 1 }, 'a live process of another user (EPERM) is a holder');

  const starting: LockHolder = { pid: process.ppid, role: 'server', command: 'serve', started_at_ms: 1 };
  writeFileSync(join(root, HOLDER_FILE), JSON.stringify(starting));
  setTimeout(() => writeFileSync(join(root, HOLDER_FILE), JSON.stringify({ ...starting, url: 'http://127.0.0.1:9' })), 150);
  t.match(await waitForHolderUrl(root, starting, 5000), { url: 'http://127.0.0.1:9' }, 'waits for the address of a server still starting');
  t.same(await waitForHolderUrl(root, null), null);
  const tool: LockHolder = { ...starting, role: 'tool' };
  t.equal(await waitForHolderUrl(root, tool), tool, 'a tool has no address to wait for');
  writeFileSync(join(root, HOLDER_FILE), JSON.stringify(starting));
  const waited = Date.now();
  t.same(await waitForHolderUrl(root, starting, 200), starting, 'gives up after the wait');
  t.ok(Date.now() - waited >= 190);
  rmSync(join(root, HOLDER_FILE));
  t.same(await waitForHolderUrl(root, starting, 5000), starting, 'a holder that went away: what was known');
});

t.test('createServer takes the lock before any database and lets it go on close', async (t) => {
  const root = join(folder(t), 'data');
  const server = await createServer({ dataDir: root, manifest: { plugins: [] } });
  const url = await server.listen(0);
  const other = await holder(t, [root, 'server', 'serve']);
  t.equal(other.line, `refused a Rootline server (pid ${process.pid}) is already running for this data folder at ${url.replace('localhost', '127.0.0.1')} (stop it first, or pass another --data-dir)`);
  // The registry is shared with a running server (credentials), never locked out.
  const registry = openRegistry(root, 'agent list');
  t.ok(registry.registry.listCredentials('human').length, 'an offline tool reads and writes beside a running server');
  registry.close();
  await server.close();
  const next = await holder(t, [root, 'tool', 'agent list', '', '1']);
  t.equal(next.line, 'locked', 'free once the server closed');
  await next.exited;

  const empty = join(folder(t), 'other');
  const blocker = await holder(t, [empty, 'server', 'serve']);
  await t.rejects(createServer({ dataDir: empty, manifest: { plugins: [] } }), DataDirLockedError);
  t.notOk(existsSync(join(empty, 'registry.db')), 'the loser opened no database');
  blocker.child.kill('SIGKILL');
  await blocker.exited;
  await t.rejects(createServer({ dataDir: empty, manifest: { plugins: [{ name: '@rootline/plugin-nowhere' }] } }), /plugin-nowhere/);
  const lock = lockDataDir(empty, { role: 'tool', command: 'check' });
  t.pass('a start that failed let the lock go');
  lock.release();
});

/** What is left beside the lock: the holder's temporary files. */
const temporaries = (root: string) => readdirSync(root).filter((name) => name.endsWith('.tmp'));

t.test('a start refused on a full disk leaves no temporary file, and lets the folder go', { skip: smallDiskUnavailable }, async (t) => {
  const disk = smallDisk(t, 1);
  const root = join(disk.dir, 'data');
  lockDataDir(root, { role: 'server', command: 'serve' }).release();
  disk.fill();
  t.throws(() => lockDataDir(root, { role: 'server', command: 'serve' }), { code: 'ENOSPC' }, 'the start is refused');
  t.same(temporaries(root), [], 'no rootline.lock.json.<pid>.tmp left');
  disk.empty();
  const other = await holder(t, [root, 'tool', 'agent list', '', '1']);
  t.equal(other.line, 'locked', 'once there is room, another process may start: the refused start does not hold the folder');
  await other.exited;
  t.same(temporaries(root), [], 'and a start with room leaves none either');
});

t.test('a holder file that cannot be written (injected: a folder in its place) leaves no temporary file; a start removes those an earlier one left', async (t) => {
  const root = folder(t);
  mkdirSync(join(root, HOLDER_FILE));
  writeFileSync(join(root, HOLDER_FILE, 'x'), '');
  t.throws(() => lockDataDir(root, { role: 'server', command: 'serve' }), /EISDIR|ENOTEMPTY|EEXIST/, 'refused');
  t.same(temporaries(root), [], 'its own temporary file is removed');
  rmSync(join(root, HOLDER_FILE), { recursive: true });

  for (const pid of [4242, 99999]) writeFileSync(join(root, `${HOLDER_FILE}.${pid}.tmp`), '{"pid":4242');
  writeFileSync(join(root, 'notes.tmp'), 'not the lock\'s');
  const lock = lockDataDir(root, { role: 'server', command: 'serve' });
  t.same(temporaries(root), ['notes.tmp'], 'the stale ones are gone; nothing else is touched');
  t.match(JSON.parse(readFileSync(join(root, HOLDER_FILE), 'utf8')), { pid: process.pid }, 'the holder is named');
  lock.release();
});

t.test('openRegistry holds the lock while no server runs, and waits for no server', async (t) => {
  const root = join(folder(t), 'data');
  const registry = openRegistry(root, 'agent create');
  const other = await holder(t, [root, 'server', 'serve']);
  t.equal(other.line, `refused rootline agent create (pid ${process.pid}) is using this data folder (wait for it to finish, or pass another --data-dir)`);
  registry.close();
  const held = await holder(t, [root, 'tool', 'agent list']);
  t.equal(held.line, 'locked');
  t.throws(() => openRegistry(root, 'token'), DataDirLockedError, 'another tool past the wait refuses');
});

t.test('private modes: a data folder made 0755 beforehand, with files of an older version', { skip: !posix && 'POSIX modes' }, async (t) => {
  const root = join(folder(t), 'data');
  const layout = dataDirLayout(root);
  mkdirSync(join(root, 'trees', 'tree-1', 'objects', 'ab'), { recursive: true, mode: 0o755 });
  mkdirSync(layout.logsDir, { mode: 0o755 });
  const files = [layout.registryFile, join(layout.logsDir, 'rootline.log'), join(root, 'trees', 'tree-1', 'tree.db'), join(root, 'server.json')];
  for (const file of files) writeFileSync(file, 'x', { mode: 0o644 });
  const blob = join(root, 'trees', 'tree-1', 'objects', 'ab', 'cdef');
  writeFileSync(blob, 'x', { mode: 0o644 });
  // A link among Rootline's own files is not followed (a link at the top is not Rootline's: see storage.test.ts).
  symlinkSync('/etc', join(layout.logsDir, 'link'));
  for (const dir of [root, layout.logsDir, join(root, 'trees'), join(root, 'trees', 'tree-1'), join(root, 'trees', 'tree-1', 'objects')]) chmodSync(dir, 0o755);

  ensureDataDir(layout, 'win32');
  t.equal(statSync(root).mode & 0o777, 0o755, 'Windows: modes untouched');

  ensureDataDir(layout);
  for (const dir of [root, layout.credentialsDir, layout.agentsDir, layout.treesDir, layout.logsDir, join(root, 'trees', 'tree-1'), join(root, 'trees', 'tree-1', 'objects')]) t.equal(statSync(dir).mode & 0o777, 0o700, `${dir.slice(root.length) || '/'} is 0700`);
  for (const file of files) t.equal(statSync(file).mode & 0o777, 0o600, `${file.slice(root.length)} is 0600`);
  t.equal(statSync(blob).mode & 0o777, 0o644, 'blob shards are not walked (unreachable through 0700 folders)');
  t.equal(statSync('/etc').mode & 0o777, 0o755, 'a symbolic link is not followed');

  const db = openDatabase(join(root, 'new.db'));
  db.exec('CREATE TABLE x (a)');
  for (const name of ['new.db', 'new.db-wal']) t.equal(statSync(join(root, name)).mode & 0o777, 0o600, `a new database file ${name} is 0600`);
  db.close();
});
