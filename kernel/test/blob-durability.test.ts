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

t.test('short writes: a file system that takes at most 1,000 bytes a call still gets every byte, in order', async (t) => {
  const s = await buildTestServer(t);
  const tree = s.server.kernel.trees.active();
  const calls: number[] = [];
  const short: BlobFiles = {
    open: async (path, flags, mode) => {
      const handle = await open(path, flags, mode);
      if (!basename(path).startsWith('.incoming-')) return handle;
      return new Proxy(handle, {
        get(target, property) {
          if (property === 'write') return (buffer: Buffer, offset: number, length: number, position: number) => {
            calls.push(length);
            return target.write(buffer, offset, Math.min(length, 1000), position);
          };
          const value = Reflect.get(target, property, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    },
    rename, rm, stat, mkdir: (path) => mkdirSync(path, { recursive: true }),
  };
  const store = new BlobStore(tree, s.server.kernel.clock, short);
  const bytes = randomBytes(2_500);
  const blob = await store.write(Readable.from([bytes.subarray(0, 1_200), bytes.subarray(1_200)]), { maxBytes: MiB, actor: systemActor });
  t.equal(blob.size_bytes, 2_500);
  t.equal(blob.address, sha256(bytes), 'the address of every byte');
  t.ok(readFileSync(tree.blobs.path(blob.address)).equals(bytes), 'the file holds every byte, in order');
  // The two chunks are gathered into one write (uploads write 1 MiB at a time); each call asks again for what is left.
  t.same(calls, [2_500, 1_500, 500], 'each write asks again for what is left of its bytes');
});

t.test('the media type is sniffed from the first 4,100 bytes only, however the upload is chunked', async (t) => {
  const s = await buildTestServer(t);
  const tree = s.server.kernel.trees.active();
  for (const size of [1, 999, 4_099, 4_100, 4_101, 4_105]) {
    // Text for exactly the sniffed head, then bytes that are not UTF-8 (and one that makes
    // each upload new: a blob already stored keeps the type it was stored with).
    const bytes = Buffer.concat([Buffer.alloc(4_100, 0x61), Buffer.from([0xff, 0xfe, 0x00, 0x01, size & 0xff])]);
    const chunks = Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size));
    const blob = await tree.blobs.write(Readable.from(chunks), { maxBytes: MiB, actor: systemActor });
    t.equal(blob.media_type, 'text/plain', `chunks of ${size}`);
  }
  const binary = Buffer.concat([Buffer.alloc(4_000, 0x61), Buffer.from([0xff]), Buffer.alloc(99, 0x61)]);
  t.equal((await tree.blobs.write(Readable.from([binary.subarray(0, 3), binary.subarray(3)]), { maxBytes: MiB, actor: systemActor })).media_type, 'application/octet-stream', 'a byte inside the head counts');
});

t.test('reads come 1 MiB at a time; leftovers are counted when removed, blobs and other files stay', async (t) => {
  const s = await buildTestServer(t);
  const tree = s.server.kernel.trees.active();
  const bytes = randomBytes(3 * MiB + 10);
  const blob = await tree.blobs.write(Readable.from([bytes]), { maxBytes: 4 * MiB, actor: systemActor });
  const sizes: number[] = [];
  for await (const chunk of tree.blobs.openRead(blob.address)) sizes.push((chunk as Buffer).length);
  t.same(sizes, [MiB, MiB, MiB, 10]);
  const { writeFileSync } = await import('node:fs');
  writeFileSync(join(tree.objectsDir, '.incoming-aaaa'), 'x');
  writeFileSync(join(tree.objectsDir, '.incoming-bbbb'), 'y');
  writeFileSync(join(tree.objectsDir, 'README'), 'not a temporary file');
  t.equal(tree.blobs.removeLeftovers(), 2);
  t.same(readdirSync(tree.objectsDir).sort(), [blob.address.slice(0, 2), 'README'].sort());
  t.equal(tree.blobs.removeLeftovers(), 0, 'nothing left the second time');
});

t.test('a write whose signal is already aborted never starts, and leaves nothing', async (t) => {
  const s = await buildTestServer(t);
  const tree = s.server.kernel.trees.active();
  const cancel = new AbortController();
  cancel.abort(new Error('cancelled before it began'));
  await t.rejects(tree.blobs.write(Readable.from([randomBytes(10)]), { maxBytes: MiB, actor: systemActor, signal: cancel.signal }), { message: 'cancelled before it began' });
  t.same(temporaries(tree), []);
  t.same(rowsOf(tree), []);
  const late = new AbortController();
  const blob = await tree.blobs.write(Readable.from([Buffer.from('kept')]), { maxBytes: MiB, actor: systemActor, signal: late.signal });
  late.abort(new Error('too late'));
  t.ok(tree.blobs.has(blob.address), 'an abort after the write finished changes nothing');
});

t.test('what a write leaves: the record it makes, the error past the ceiling, the folder of a shard it shares', async (t) => {
  const s = await buildTestServer(t);
  const tree = s.server.kernel.trees.active();
  const first = randomBytes(500);
  const blob = await tree.blobs.write(Readable.from([first]), { maxBytes: MiB, actor: { kind: 'agent', credentialId: s.agentCredentialId, proposer: 'model-x' } });
  const [record] = tree.records.list({ beforeSeq: null, limit: 1, kindPrefixes: ['blob'] });
  t.match(record, {
    kind: 'blob.stored.v1', entity_type: 'blob', entity_id: blob.address,
    actor: { kind: 'agent', credential_id: s.agentCredentialId, proposer: 'model-x' },
    payload: { size_bytes: 500, media_type: 'application/octet-stream' },
  });
  // The tree's own store (node:fs) puts a second blob into the shard folder the first made.
  const neighbour = await tree.blobs.write(Readable.from([sameShard(blob.address)]), { maxBytes: MiB, actor: systemActor });
  t.equal(neighbour.address.slice(0, 2), blob.address.slice(0, 2));
  t.equal(neighbour.created, true);
  const error = await tree.blobs.write(Readable.from([randomBytes(11)]), { maxBytes: 10, actor: systemActor }).catch((caught: unknown) => caught);
  t.match(error, { name: 'BlobTooLargeError', maxBytes: 10, message: 'The upload passed the ceiling of 10 bytes' });
});

t.test('addresses: anything but 64 lower-case hex characters is never a path', async (t) => {
  const s = await buildTestServer(t);
  const tree = s.server.kernel.trees.active();
  const hex = 'a'.repeat(64);
  for (const address of [`../${hex}`, `${hex}/../../tree.db`, `x${hex}`, `${hex}x`, hex.toUpperCase(), hex.slice(1), '']) {
    t.throws(() => tree.blobs.path(address), { message: 'Not a blob address' }, JSON.stringify(address));
    t.throws(() => tree.blobs.openRead(address), { message: 'Not a blob address' }, `openRead ${JSON.stringify(address)}`);
  }
  t.equal(tree.blobs.path(hex), join(tree.objectsDir, 'aa', hex));
  t.equal(tree.blobs.has(hex), false, 'well formed, never stored: not there');
  t.equal(tree.blobs.stat(hex), undefined);
  const stored = await tree.blobs.write(Readable.from([Buffer.from('stored')]), { maxBytes: MiB, actor: systemActor });
  t.equal(tree.blobs.has(stored.address), true);
  t.equal(tree.blobs.has(stored.address.toUpperCase()), false, 'the address is lower-case hex');
});

t.test('a source without destroy() (a generator) is cancelled by its signal too', async (t) => {
  const s = await buildTestServer(t);
  const tree = s.server.kernel.trees.active();
  const cancel = new AbortController();
  async function* slow() {
    yield randomBytes(1000);
    cancel.abort(new Error('stop the import'));
    yield randomBytes(1000);
  }
  await t.rejects(tree.blobs.write(slow(), { maxBytes: MiB, actor: systemActor, signal: cancel.signal }), { message: 'stop the import' });
  t.same(temporaries(tree), []);
  t.same(rowsOf(tree), []);
});

t.test('no folder, no leftovers; and every file a write opens is closed again', { skip: process.platform === 'linux' ? false : 'counts /proc/self/fd' }, async (t) => {
  const s = await buildTestServer(t);
  const tree = s.server.kernel.trees.active();
  const openFiles = () => readdirSync('/proc/self/fd').length;
  const before = openFiles();
  for (let i = 0; i < 8; i++) await tree.blobs.write(Readable.from([randomBytes(100)]), { maxBytes: MiB, actor: systemActor });
  t.equal(openFiles(), before, 'no file handle left open (file, objects folder, shard folders)');
  const { rmSync } = await import('node:fs');
  rmSync(tree.objectsDir, { recursive: true, force: true });
  t.equal(tree.blobs.removeLeftovers(), 0);
});
