import t from 'tap';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import { buildTestServer } from '@rootline/kernel/testing';
import { systemActor } from '../src/index.js';
import { BlobStore, type BlobFiles } from '../src/storage/blob-store.js';

/**
 * The upload pipeline (issue 17, item 16): reading and hashing go on while earlier bytes are
 * being written, and stop (backpressure) once 8 MiB wait to be written. The file system is
 * node:fs with writes held at a gate the test opens, so what is read while a write is
 * outstanding is counted, never timed. The stored file is the bytes, whatever the interleaving.
 */

const MiB = 1024 * 1024;
const CHUNK = 64 * 1024;

/** node:fs whose writes all wait at a gate until `release`; `onFirstWrite` runs when the first one starts. */
function gatedFiles(onFirstWrite: () => void) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const state = { writesStarted: 0, release: () => release() };
  const files: BlobFiles = {
    async open(path, flags, mode) {
      const handle = await open(path, flags, mode);
      return new Proxy(handle, {
        get(target, property) {
          if (property === 'write') return async (...args: unknown[]) => {
            if (++state.writesStarted === 1) onFirstWrite();
            await gate;
            return (target.write as (...a: unknown[]) => Promise<unknown>)(...args);
          };
          const value = Reflect.get(target, property, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      }) as FileHandle;
    },
    rename,
    rm,
    stat,
    mkdir: (path) => mkdirSync(path, { recursive: true }),
  };
  return { files, state };
}

t.test('chunks are read and hashed while a write is outstanding, up to the write-ahead bound, and the file is exact', async (t) => {
  const s = await buildTestServer(t);
  const tree = s.server.kernel.trees.active();
  let pulled = 0;
  let pulledWhenFirstWriteStarted = -1;
  const { files, state } = gatedFiles(() => (pulledWhenFirstWriteStarted = pulled));
  const store = new BlobStore(tree, s.server.kernel.clock, files);
  const bytes = randomBytes(32 * MiB);
  async function* source() {
    for (let at = 0; at < bytes.length; at += CHUNK) {
      pulled++;
      yield bytes.subarray(at, at + CHUNK);
    }
  }
  const writing = store.write(source(), { maxBytes: 64 * MiB, actor: systemActor });
  // Let the pipeline run until it stops pulling (the gate holds every write): unchanged over three looks.
  for (let still = 0, last = -1; still < 3; ) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (pulled === last && state.writesStarted > 0) still++;
    else still = 0;
    last = pulled;
  }
  const pulledAtPause = pulled;
  const heldBytes = pulledAtPause * CHUNK - pulledWhenFirstWriteStarted * CHUNK;
  t.ok(pulledWhenFirstWriteStarted >= 0, 'a write started');
  t.ok(heldBytes >= 4 * MiB, `reading went on while writes were held: ${heldBytes / MiB} MiB more read`);
  t.ok(heldBytes <= 10 * MiB, `and stopped near the 8 MiB bound (backpressure): ${heldBytes / MiB} MiB`);
  t.ok(pulledAtPause * CHUNK < bytes.length, 'the source was not read to its end while the writes were held');
  t.ok(state.writesStarted > 1, `several writes were in flight at once (${state.writesStarted})`);
  state.release();
  const stored = await writing;
  t.equal(stored.address, createHash('sha256').update(bytes).digest('hex'));
  t.equal(stored.size_bytes, bytes.length);
  t.ok(readFileSync(tree.blobs.path(stored.address)).equals(bytes), 'the stored file is the bytes, in order');
  t.ok(state.writesStarted <= Math.ceil(bytes.length / MiB) + 2, `writes gathered into ~1 MiB each (${state.writesStarted} for 32 MiB)`);
});

t.test('a failed write stops the upload, waits for the writes in flight, and leaves nothing behind', async (t) => {
  const s = await buildTestServer(t);
  const tree = s.server.kernel.trees.active();
  let writes = 0;
  const files: BlobFiles = {
    async open(path, flags, mode) {
      const handle = await open(path, flags, mode);
      return new Proxy(handle, {
        get(target, property) {
          if (property === 'write') return async (...args: unknown[]) => {
            if (++writes === 3) throw Object.assign(new Error('injected EIO'), { code: 'EIO' });
            return (target.write as (...a: unknown[]) => Promise<unknown>)(...args);
          };
          const value = Reflect.get(target, property, target);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      }) as FileHandle;
    },
    rename,
    rm,
    stat,
    mkdir: (path) => mkdirSync(path, { recursive: true }),
  };
  const store = new BlobStore(tree, s.server.kernel.clock, files);
  const bytes = randomBytes(16 * MiB);
  async function* source() {
    for (let at = 0; at < bytes.length; at += CHUNK) yield bytes.subarray(at, at + CHUNK);
  }
  await t.rejects(store.write(source(), { maxBytes: 64 * MiB, actor: systemActor }), { message: 'injected EIO' });
  const { readdirSync } = await import('node:fs');
  t.same(readdirSync(tree.objectsDir).filter((name) => name.startsWith('.incoming-')), [], 'no temporary file left');
  t.same(tree.db.prepare('SELECT count(*) AS n FROM blobs').get(), { n: 0 }, 'no row');
});
