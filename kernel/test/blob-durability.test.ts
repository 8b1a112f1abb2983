import t, { type Test } from 'tap';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Readable } from 'node:stream';
import { buildTestServer } from '@rootline/kernel/testing';
import { systemActor, type Tree } from '../src/index.js';
import { BlobStore, type BlobFiles } from '../src/storage/blob-store.js';

/**
 * Durability of the blob store by fault injection (kernel/src/storage/blob-store.ts). The
 * store takes its file-system calls as a parameter; these tests hand it node:fs wrapped so
 * every call is written to a log, and a tree whose `transact` logs `commit` when the
 * `blobs` row has committed. What a power cut must not lose depends on the order:
 *
 *   write the temporary file -> fsync it -> (new shard folder: fsync objects/) -> rename it
 *   to its address -> fsync the shard folder -> commit the row.
 *
 * A missing fsync, or a commit before the file is durable under its name, fails the
 * first test. The fault table makes each step fail and checks what is left behind.
 * (The SIGKILL crash test of a real upload lives with plugins/blobs.)
 */

const MiB = 1024 * 1024;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface Observed {
  log: string[];
  files: BlobFiles;
  tree: Tree;
  /** Makes the named step throw once. */
  failAt(step: string | null): void;
}

/**
 * node:fs with every call logged by what it touches: `temp` (the .incoming- file),
 * `objects/` (the objects folder), `shard/` (objects/ab/) or `blob` (objects/ab/<hex>).
 * While `address` gives a blob not stored yet, every step also checks that its row is not
 * there: the commit comes last.
 */
function observe(t: Test, tree: Tree, address: () => string | null): Observed {
  const log: string[] = [];
  let failing: string | null = null;
  const nameOf = (path: string) => {
    if (basename(path).startsWith('.incoming-')) return 'temp';
    if (path === tree.objectsDir) return 'objects/';
    if (/\/[0-9a-f]{2}$/.test(path)) return 'shard/';
    if (/\/[0-9a-f]{64}$/.test(path)) return 'blob';
    return path;
  };
  const step = (name: string) => {
    // Consecutive writes of one upload are one step.
    if (!(name === 'write temp' && log.at(-1) === name)) log.push(name);
    const current = address();
    if (current) t.notOk(tree.db.prepare('SELECT 1 FROM blobs WHERE address = ?').get(current), `no row yet at "${name}"`);
    if (failing === name) {
      failing = null;
      throw Object.assign(new Error(`injected failure at ${name}`), { code: 'EIO' });
    }
  };
  const wrap = (handle: FileHandle, name: string): FileHandle =>
    new Proxy(handle, {
      get(target, property) {
        if (property === 'write') return async (...args: unknown[]) => {
          step(`write ${name}`);
          return (target.write as (...a: unknown[]) => unknown)(...args);
        };
        if (property === 'sync') return async () => {
          step(`fsync ${name}`);
          return target.sync();
        };
        if (property === 'close' && name === 'temp') return async () => {
          log.push('close temp');
          return target.close();
        };
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  const files: BlobFiles = {
    async open(path, flags, mode) {
      const name = nameOf(path);
      if (name === 'temp') step('open temp');
      return wrap(await open(path, flags, mode), name);
    },
    async rename(from, to) {
      step(`rename ${nameOf(from)} -> ${nameOf(to)}`);
      return rename(from, to);
    },
    async rm(path, options) {
      log.push(`rm ${nameOf(path)}`);
      return rm(path, options);
    },
    async stat(path) {
      log.push(`stat ${nameOf(path)}`);
      return stat(path);
    },
    mkdir(path) {
      const made = mkdirSync(path, { recursive: true });
      step(`mkdir ${nameOf(path)}${made ? '' : ' (exists)'}`);
      return made;
    },
  };
  const observedTree = Object.create(tree, {
    transact: {
      value: <T>(work: () => T): T => {
        const result = tree.transact(work);
        log.push('commit');
        return result;
      },
    },
  }) as Tree;
  return { log, files, tree: observedTree, failAt: (name) => (failing = name) };
}

const rowsOf = (tree: Tree) => tree.db.prepare('SELECT address FROM blobs ORDER BY address').all();
const temporaries = (tree: Tree) => readdirSync(tree.objectsDir).filter((name) => name.startsWith('.incoming-'));

async function setup(t: Test) {
  const s = await buildTestServer(t);
  const tree = s.server.kernel.trees.active();
  let address: string | null = null;
  const seen = observe(t, tree, () => address);
  const store = new BlobStore(seen.tree, s.server.kernel.clock, seen.files);
  const write = (bytes: Buffer, chunks = 1) => {
    address = tree.blobs.has(sha256(bytes)) ? null : sha256(bytes);
    const size = Math.ceil(bytes.length / chunks);
    return store.write(Readable.from(Array.from({ length: chunks }, (_, i) => bytes.subarray(i * size, (i + 1) * size))), { maxBytes: 10 * MiB, actor: systemActor });
  };
  return { tree, seen, write };
}

/** Bytes whose address falls in the same shard folder as `address`. */
function sameShard(address: string): Buffer {
  for (;;) {
    const bytes = randomBytes(64);
    if (sha256(bytes).slice(0, 2) === address.slice(0, 2) && sha256(bytes) !== address) return bytes;
  }
}

t.test('order: write, fsync the file, (fsync objects/ for a new shard), rename, fsync the folder, then commit', async (t) => {
  const { tree, seen, write } = await setup(t);
  const first = randomBytes(300_000);
  const cases: [name: string, bytes: Buffer, steps: string[], created: boolean][] = [
    ['a blob in a new shard folder', first, [
      'open temp', 'write temp', 'fsync temp', 'close temp', 'stat blob',
      'mkdir shard/', 'fsync objects/', 'rename temp -> blob', 'fsync shard/', 'commit',
    ], true],
    ['a blob in a shard folder that exists', sameShard(sha256(first)), [
      'open temp', 'write temp', 'fsync temp', 'close temp', 'stat blob',
      'mkdir shard/ (exists)', 'rename temp -> blob', 'fsync shard/', 'commit',
    ], true],
    ['the same bytes again: the temporary file goes, nothing is renamed over the blob', first, [
      'open temp', 'write temp', 'fsync temp', 'close temp', 'stat blob', 'rm temp', 'commit',
    ], false],
  ];
  for (const [name, bytes, steps, created] of cases) {
    seen.log.length = 0;
    const blob = await write(bytes, 3);
    t.same(seen.log, steps, name);
    t.equal(blob.created, created, `${name}: created`);
    t.ok(readFileSync(join(tree.objectsDir, blob.address.slice(0, 2), blob.address)).equals(bytes), `${name}: the bytes are under their address`);
    t.same(temporaries(tree), [], `${name}: no temporary file left`);
  }
  t.equal(rowsOf(tree).length, 2);
});

t.test('fault table: a step that fails leaves no row, no record and no temporary file', async (t) => {
  const steps: [step: string, leavesFile: boolean][] = [
    ['open temp', false],
    ['write temp', false],
    ['fsync temp', false],
    ['mkdir shard/', false],
    ['fsync objects/', false],
    ['rename temp -> blob', false],
    // After the rename the file is complete under its address, without a row: the next
    // upload of the same bytes adopts it.
    ['fsync shard/', true],
  ];
  for (const [step, leavesFile] of steps) {
    await t.test(step, async (t) => {
      const { tree, seen, write } = await setup(t);
      const bytes = randomBytes(70_000);
      const address = sha256(bytes);
      const seq = tree.records.lastSeq();
      seen.failAt(step);
      await t.rejects(write(bytes, 2), { message: `injected failure at ${step}` }, 'the write fails with the fault');
      t.same(rowsOf(tree), [], 'no row');
      t.equal(tree.records.lastSeq(), seq, 'no record');
      t.same(temporaries(tree), [], 'no temporary file');
      t.notOk(seen.log.includes('commit'), 'never committed');
      t.equal(existsSync(join(tree.objectsDir, address.slice(0, 2), address)), leavesFile, leavesFile ? 'the renamed file stays' : 'no file under the address');
      const again = await write(bytes);
      t.equal(again.created, true, 'the next upload of the same bytes stores it');
      t.same(rowsOf(tree), [{ address }]);
      t.equal(tree.records.lastSeq(), seq + 1, 'one blob.stored.v1');
      t.ok(readFileSync(join(tree.objectsDir, address.slice(0, 2), address)).equals(bytes), 'the stored bytes are right');
    });
  }
});

t.test('the default store of a tree writes through node:fs in the same order (what the server runs)', async (t) => {
  const s = await buildTestServer(t);
  const tree = s.server.kernel.trees.active();
  const bytes = randomBytes(1000);
  const blob = await tree.blobs.write(Readable.from([bytes]), { maxBytes: MiB, actor: systemActor });
  t.equal(blob.address, sha256(bytes));
  t.ok(readFileSync(tree.blobs.path(blob.address)).equals(bytes));
});
