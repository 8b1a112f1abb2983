import t from 'tap';
import { WriteGate } from '../src/storage/write-gate.js';

/**
 * Requests' writes and the bulk load thread's long writes (index builds) take turns on a tree:
 * a write waits for the build under way, and the next build waits (a bounded time) for the
 * writes admitted.
 */

/** A promise and the hands that settle it. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** Whether `promise` has settled by the time the queued callbacks have run. */
async function settledYet(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
}

t.test('an open gate admits a write at once; the build waits for it, and goes on once it is released', async (t) => {
  const gate = new WriteGate();
  t.equal(gate.closed, false);
  const release = await gate.admit();
  const settled = gate.settled(60_000);
  t.equal(await settledYet(settled), false, 'the next build waits for the write in flight');
  release();
  t.equal(await settledYet(settled), true, 'released: the build may start');
  t.equal(await settledYet(gate.settled(60_000)), true, 'nothing in flight: at once');
});

t.test('a write asked while a build is under way waits for its end, whether it succeeds or fails', async (t) => {
  const gate = new WriteGate();
  const build = deferred<string>();
  const building = gate.closedWhile(build.promise);
  t.equal(gate.closed, true);
  const admitted = gate.admit();
  t.equal(await settledYet(admitted), false, 'held while the index is built');
  build.resolve('built');
  t.equal(await building, 'built', 'the build\'s own answer comes back');
  t.equal(gate.closed, false);
  t.equal(await settledYet(admitted), true, 'admitted once it is built');

  const failing = deferred();
  const failed = gate.closedWhile(failing.promise);
  const second = gate.admit();
  failing.reject(new Error('no such column'));
  await t.rejects(failed, { message: 'no such column' }, 'the build\'s failure comes back to its caller');
  t.equal(await settledYet(second), true, 'a failed build lets the write go too');
  t.equal(gate.closed, false);
});

t.test('a write waits through builds that follow each other with no gap', async (t) => {
  const gate = new WriteGate();
  const first = deferred();
  const second = deferred();
  void gate.closedWhile(first.promise);
  const admitted = gate.admit();
  // The second build starts as the first ends, before the waiting write gets its turn.
  void first.promise.then(() => gate.closedWhile(second.promise));
  first.resolve();
  t.equal(await settledYet(admitted), false, 'still held: another build is under way');
  second.resolve();
  t.equal(await settledYet(admitted), true);
});

t.test('the next build waits for the writes in flight only so long', async (t) => {
  const gate = new WriteGate();
  await gate.admit();
  const started = Date.now();
  await gate.settled(30);
  t.ok(Date.now() - started >= 25, 'it waited for the bound');
  t.equal(await settledYet(gate.settled(50)), false, 'the write never released is still in flight');
});

t.test('a release counts once, however often it is called; the build waits for the last write in flight', async (t) => {
  const gate = new WriteGate();
  const first = await gate.admit();
  const second = await gate.admit();
  const waiting = gate.settled(60_000);
  first();
  first();
  t.equal(await settledYet(waiting), false, 'the second write is still in flight');
  second();
  t.equal(await settledYet(waiting), true, 'both released');
});

t.test('two long writes at once: the gate opens when the later one ends, not the first', async (t) => {
  const gate = new WriteGate();
  const first = deferred();
  const second = deferred();
  void gate.closedWhile(first.promise);
  const later = gate.closedWhile(second.promise);
  first.resolve();
  await new Promise((resolve) => setImmediate(resolve));
  t.equal(gate.closed, true, 'still closed: the second is under way');
  t.equal(await settledYet(gate.admit()), false);
  second.resolve();
  await later;
  t.equal(gate.closed, false);
});
