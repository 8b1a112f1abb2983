import t from 'tap';
import { spawn } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiOf, ensureBundle, startServer } from './helpers/server-process.js';

/**
 * Issue 17, points 1 and 2, through the built `rootline` as a user runs it: one server per
 * data folder however they are started, and private files whatever the folder was.
 */

const bundle = ensureBundle();

interface Outcome {
  pid: number;
  code: number | null;
  url?: string;
  stderr: string;
  stop(): Promise<number | null>;
}

/** Starts `rootline serve`; resolves once it listens (url set) or has exited. */
function serve(dataDir: string, manifest: string): Promise<Outcome> {
  const child = spawn(process.execPath, [bundle, 'serve', '--port', '0', '--data-dir', dataDir, '--manifest', manifest], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  return new Promise((resolve) => {
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
      const match = /^Rootline listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(stdout);
      if (match) resolve({ pid: child.pid!, code: null, url: match[1], get stderr() { return stderr; }, stop });
    });
    void exited.then((code) => resolve({ pid: child.pid!, code, stderr, stop }));
  });
}

t.test('two `rootline serve` started at the same instant on one folder: exactly one serves, the other names it', async (t) => {
  const base = mkdtempSync(join(tmpdir(), 'rootline-race-'));
  t.teardown(() => rmSync(base, { recursive: true, force: true }));
  const manifest = join(base, 'kernel-only.json');
  writeFileSync(manifest, JSON.stringify({ plugins: [] }));
  const dataDir = join(base, 'data');
  const rounds = 8;
  for (let round = 1; round <= rounds; round++) {
    const [a, b] = await Promise.all([serve(dataDir, manifest), serve(dataDir, manifest)]);
    const winners = [a, b].filter((outcome) => outcome.url);
    t.equal(winners.length, 1, `round ${round}: exactly one serves`);
    const winner = winners[0] ?? a;
    const loser = winner === a ? b : a;
    // Seen once under heavy load (exit 0, nothing on stderr; not reproduced in 15 rounds since): say all there is if it comes back.
    t.equal(loser.code, 1, `round ${round}: the other exits 1 (loser pid ${loser.pid}, stderr ${JSON.stringify(loser.stderr)}; winner pid ${winner.pid})`);
    t.equal(loser.stderr, `rootline: a Rootline server (pid ${winner.pid}) is already running for this data folder at ${winner.url} (stop it first, or pass another --data-dir)\n`, `round ${round}: one line naming the running server's address and pid`);
    if (round === rounds) {
      // Killed outright: the OS drops the lock, no stale file stops the next start.
      process.kill(winner.pid, 'SIGKILL');
      await winner.stop();
    } else t.equal(await winner.stop(), 0, `round ${round}: the winner stops cleanly`);
  }
  const after = await serve(dataDir, manifest);
  t.ok(after.url, 'a server killed with SIGKILL leaves nothing that stops the next');
  const late = await serve(dataDir, manifest);
  t.equal(late.code, 1, 'and that one holds the folder in turn');
  t.match(late.stderr, `(pid ${after.pid})`);
  t.equal(await after.stop(), 0);
});

function modes(root: string): Map<string, number> {
  const found = new Map<string, number>();
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    found.set(path.slice(root.length) || '/', stat.mode & 0o777);
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(root);
  return found;
}

t.test('a data folder made 0755 beforehand, with readable files of an older version: private after start', { skip: process.platform === 'win32' && 'POSIX modes' }, async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rootline-modes-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const first = await startServer(bundle, { dataDir });
  await first.stop();
  // As an older version (or a folder someone made) left it: everything readable by all.
  for (const path of modes(dataDir).keys()) chmodSync(join(dataDir, path), statSync(join(dataDir, path)).isDirectory() ? 0o755 : 0o644);
  mkdirSync(join(dataDir, 'logs', 'old'), { mode: 0o755 });
  writeFileSync(join(dataDir, 'logs', 'old', 'rootline.log.1'), 'an old log line\n', { mode: 0o644 });
  t.equal(statSync(dataDir).mode & 0o777, 0o755);

  const server = await startServer(bundle, { dataDir });
  t.teardown(() => server.stop());
  const api = apiOf(server);
  const tree = await (await api('/v1/trees', { method: 'POST', body: JSON.stringify({ name: 'Second tree' }) })).json();
  const upload = await api(`/v1/trees/${tree.tree_id}/blobs`, { method: 'POST', body: new Uint8Array([1, 2, 3]), headers: { 'content-type': 'application/octet-stream' } });
  t.ok(upload.ok, 'the blob is stored');
  const open = [...modes(dataDir)].filter(([path, mode]) => mode !== (statSync(join(dataDir, path)).isDirectory() ? 0o700 : 0o600));
  t.same(open, [], 'every folder 0700 and every file 0600, old ones and new ones (a new tree, its database, a blob)');
  t.ok(modes(dataDir).has(`/trees/${tree.tree_id}/tree.db`), 'the new tree was looked at');
  t.equal(await server.stop(), 0);
});
