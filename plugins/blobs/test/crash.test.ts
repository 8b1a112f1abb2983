import t from 'tap';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { incoming, sha256 } from './fixtures/files.js';
import { seededRandom } from './fixtures/seeded.js';

// Many servers started and killed: ~30-75 s on a quiet machine, past the suite's 240 s a file on
// a loaded one (ten runs beside mutation testing). The work is bounded; only the clock is not.
t.setTimeout(900_000);

const SERVE = join(import.meta.dirname, 'fixtures', 'serve.ts');
const UPLOADS = 50;
/** Sizes, bytes and kill delays all come from this seed; set ROOTLINE_CRASH_SEED to replay another run. */
const SEED = Number(process.env.ROOTLINE_CRASH_SEED ?? 0x5eed_b10b);

interface Child {
  process: ChildProcess;
  url: string;
}

/** Starts the fixture server on `dataDir` and waits for its `READY <url>` line. */
function start(dataDir: string): Promise<Child> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVE, dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (text: string) => (err += text));
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (text: string) => {
      out += text;
      const ready = /READY (\S+)/.exec(out);
      if (ready) resolve({ process: child, url: ready[1] });
    });
    child.once('exit', (code, signal) => reject(new Error(`the server exited before it was ready (${code ?? signal}): ${err}`)));
  });
}

function stop(child: Child, signal: NodeJS.Signals): Promise<void> {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.process.once('exit', () => resolve());
    child.process.kill(signal);
  });
}

/** POSTs bytes; resolves with the address only if the server answered 200 (a crash mid-way is `undefined`). */
function upload(url: string, token: string, bytes: Buffer): Promise<string | undefined> {
  return new Promise((resolve) => {
    const req = request(`${url}/v1/blobs`, {
      method: 'POST',
      agent: false,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream', 'content-length': bytes.length },
    });
    req.on('error', () => resolve(undefined));
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (text) => (body += text));
      res.on('error', () => resolve(undefined));
      res.on('end', () => resolve(res.statusCode === 200 ? (JSON.parse(body) as { address: string }).address : undefined));
    });
    req.end(bytes);
  });
}

function download(url: string, token: string, address: string): Promise<{ status: number; bytes: Buffer }> {
  return fetch(`${url}/v1/blobs/sha256:${address}`, { headers: { authorization: `Bearer ${token}` } }).then(async (reply) => ({
    status: reply.status,
    bytes: Buffer.from(await reply.arrayBuffer()),
  }));
}

t.test('SIGKILL at random moments loses no acknowledged blob and leaves no debris', async (t) => {
  t.comment(`seed ${SEED} (replay with ROOTLINE_CRASH_SEED=${SEED})`);
  const random = seededRandom(SEED);
  const dataDir = mkdtempSync(join(tmpdir(), 'rootline-crash-'));
  let child = await start(dataDir);
  t.teardown(async () => {
    await stop(child, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });
  const token = readFileSync(join(dataDir, 'credentials', 'human.token'), 'utf8').trim();
  const treeDir = join(dataDir, 'trees', readdirSync(join(dataDir, 'trees'))[0]);
  const objectsDir = join(treeDir, 'objects');

  const acknowledged = new Map<string, string>(); // address -> sha256 we computed of what we sent
  let kills = 0;
  let lost = 0;
  for (let i = 0; i < UPLOADS; i++) {
    const bytes = random.bytes(random.int(1024, 2 * 1024 * 1024 + 1));
    const crashNow = i % 5 === 4;
    const uploading = upload(child.url, token, bytes);
    if (crashNow) {
      await new Promise((resolve) => setTimeout(resolve, random.int(0, 41)));
      await stop(child, 'SIGKILL');
      kills++;
    }
    const address = await uploading;
    if (address) {
      t.equal(address, sha256(bytes), `upload ${i}: the address is the hash of what was sent`);
      acknowledged.set(address, sha256(bytes));
    } else {
      t.ok(crashNow, `upload ${i}: only an upload interrupted by a crash goes unanswered`);
      lost++;
    }
    if (crashNow) {
      child = await start(dataDir);
      t.same(incoming(objectsDir), [], `after restart ${kills}: no temporary file survives`);
    }
  }
  t.ok(kills >= 10, `killed the server ${kills} times (${lost} uploads interrupted, seed ${SEED})`);

  for (const [address, expected] of acknowledged) {
    const { status, bytes } = await download(child.url, token, address);
    if (status !== 200 || sha256(bytes) !== expected) t.fail(`blob ${address} came back ${status} with other bytes (seed ${SEED})`);
  }
  t.pass(`all ${acknowledged.size} acknowledged blobs read back intact`);

  await stop(child, 'SIGTERM');
  const db = new Database(join(treeDir, 'tree.db'), { readonly: true });
  try {
    t.equal(db.pragma('integrity_check', { simple: true }), 'ok', 'the tree database is intact');
    const rows = db.prepare('SELECT address, size_bytes FROM blobs').all() as { address: string; size_bytes: number }[];
    for (const address of acknowledged.keys()) t.ok(rows.some((row) => row.address === address), `acknowledged ${address.slice(0, 12)} has its row`);
    for (const row of rows) {
      const bytes = readFileSync(join(objectsDir, row.address.slice(0, 2), row.address));
      if (bytes.length !== row.size_bytes || sha256(bytes) !== row.address) t.fail(`the file of row ${row.address} is damaged`);
    }
    t.pass(`every one of ${rows.length} blobs rows has its file, with the right bytes`);
    const records = (db.prepare("SELECT count(*) AS n FROM records WHERE kind = 'blob.stored.v1'").get() as { n: number }).n;
    t.equal(records, rows.length, 'one blob.stored.v1 record per row');
  } finally {
    db.close();
  }
  t.same(incoming(objectsDir), [], 'no temporary file at the end');
});
