import t, { type Test } from 'tap';
import { mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WalFlush } from '../src/storage/wal-flush.js';

/** A log file, and a WalFlush on it that counts its flushes (each may be held until let go). */
function logFile(t: Test, options: { hold?: boolean; failFirst?: boolean; exists?: boolean } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'rootline-wal-flush-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'tree.db-wal');
  if (options.exists !== false) writeFileSync(file, 'frames');
  const counts = { opened: 0, flushes: 0, closed: 0 };
  const held: (() => void)[] = [];
  let failing = options.failFirst === true;
  const flush = new WalFlush(file, async (path) => {
    const handle = await open(path, 'r');
    counts.opened++;
    const datasync = handle.datasync.bind(handle);
    const close = handle.close.bind(handle);
    return Object.assign(handle, {
      datasync: async () => {
        counts.flushes++;
        if (options.hold) await new Promise<void>((resolve) => held.push(resolve));
        if (failing) {
          failing = false;
          throw new Error('EIO');
        }
        return datasync();
      },
      close: async () => {
        counts.closed++;
        return close();
      },
    }) as FileHandle;
  });
  // Every test lets the log go (a handle left to the garbage collector is deprecated).
  t.teardown(() => flush.close());
  const letGo = async () => {
    while (held.length === 0) await new Promise((resolve) => setImmediate(resolve));
    held.shift()!();
  };
  return { file, flush, counts, letGo };
}

t.test('nothing committed: nothing to wait for', async (t) => {
  const { flush, counts } = logFile(t);
  t.equal(flush.flushed(), undefined);
  await flush.close();
  t.same(counts, { opened: 0, flushes: 0, closed: 0 }, 'the log was never opened');
});

t.test('a commit starts a flush; flushed() settles when it is done, then nothing waits', async (t) => {
  const { flush, counts, letGo } = logFile(t, { hold: true });
  flush.committed();
  const waiting = flush.flushed();
  t.ok(waiting);
  let done = false;
  void waiting!.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 10));
  t.equal(done, false, 'not before the disk says so');
  await letGo();
  await waiting;
  t.equal(flush.flushed(), undefined);
  t.equal(counts.flushes, 1);
});

t.test('a commit made while a flush runs waits for the next flush, which covers every commit made meanwhile', async (t) => {
  const { flush, counts, letGo } = logFile(t, { hold: true });
  flush.committed();
  const first = flush.flushed()!;
  flush.committed();
  flush.committed();
  const later = flush.flushed()!;
  let laterDone = false;
  void later.then(() => (laterDone = true));
  await letGo();
  await first;
  await new Promise((resolve) => setTimeout(resolve, 10));
  t.equal(laterDone, false, 'the first flush may have started before the later commits: they wait');
  await letGo();
  await later;
  t.equal(counts.flushes, 2, 'two flushes for three commits');
  t.equal(counts.opened, 1, 'the log opened once');
});

t.test('a flush the thread pool could not make is made once more here', async (t) => {
  const { flush, counts } = logFile(t, { failFirst: true });
  flush.committed();
  await flush.flushed();
  t.equal(counts.flushes, 1, 'the failed one, then fdatasync on this thread');
  t.equal(flush.flushed(), undefined);
});

t.test('no log file: nothing of it can be waiting; a log made later is flushed', async (t) => {
  const { file, flush, counts } = logFile(t, { exists: false });
  flush.committed();
  await flush.flushed();
  t.equal(counts.opened, 0);
  writeFileSync(file, 'frames');
  flush.committed();
  await flush.flushed();
  t.same([counts.opened, counts.flushes], [1, 1], 'asked again and flushed');
});

t.test('close flushes what is left, lets the file go and says it is closing', async (t) => {
  const { flush, counts } = logFile(t);
  t.equal(flush.closing, false);
  flush.committed();
  const closed = flush.close();
  t.equal(flush.closing, true, 'at once: commits from now on are flushed by SQLite');
  await closed;
  t.same(counts, { opened: 1, flushes: 1, closed: 1 });
  t.equal(flush.flushed(), undefined);
});

t.test('the log is opened read-only by default, held while the load runs, and let go at close', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'rootline-wal-flush-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'tree.db-wal');
  writeFileSync(file, 'frames');
  const openHere = () => readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === file;
    } catch {
      return false;
    }
  }).length;
  const flush = new WalFlush(file);
  flush.committed();
  await flush.flushed();
  t.equal(openHere(), 1, 'opened once, and kept for the next flush');
  flush.committed();
  await flush.flushed();
  t.equal(openHere(), 1);
  await flush.close();
  t.equal(openHere(), 0, 'closed');
});

t.test('a log that cannot be opened (but is there) fails the wait, and is asked again next time', async (t) => {
  const refused = Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
  let opens = 0;
  const flush = new WalFlush('/nowhere/tree.db-wal', async () => {
    opens++;
    if (opens === 1) throw refused;
    return { fd: 2, datasync: async () => undefined, close: async () => undefined } as unknown as FileHandle;
  });
  flush.committed();
  await t.rejects(flush.flushed()!, refused);
  flush.committed();
  await flush.flushed();
  t.equal(opens, 2, 'asked again by the next flush, which then works');
});

t.test('when the second try on this thread fails too, the wait fails', async (t) => {
  const broken = { fd: 2 ** 30, datasync: () => Promise.reject(new Error('EIO')), close: async () => undefined } as unknown as FileHandle;
  const flush = new WalFlush('/nowhere/tree.db-wal', async () => broken);
  flush.committed();
  await t.rejects(flush.flushed()!, { code: 'EBADF' }, 'fdatasync of a bad descriptor');
});
