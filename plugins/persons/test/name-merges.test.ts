import t from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTestServer, type TestServer } from '@rootline/kernel/testing';
import type { Tree } from '@rootline/kernel';
import { NameIndexMerges } from '../src/name-merges.js';
import { segmentsOf } from './fixtures/search-segments.js';

/**
 * Retracting many persons in a row (an import's undo) holds the name indexes' merges, then lets
 * them catch up a bounded step at a time with a pause between: FTS5 otherwise merges inside
 * whichever retraction crosses its threshold, and during the undo of 102,000 persons that held
 * every request up to half a second (docs/benchmarks.md).
 */
const actor = { kind: 'human' as const, credentialId: null };
const PLUGINS = ['@rootline/plugin-sources', '@rootline/plugin-personas', '@rootline/plugin-assertions', '@rootline/plugin-persons'];

/** 200 persons surnamed Morgan, concluded 50 a transaction, and one Jones: five segments in each index. */
function tree200(s: TestServer) {
  const tree = s.server.kernel.trees.active();
  const { personasService, personsService } = s.server.kernel.servicesFor(tree, actor);
  const morgans: string[] = [];
  for (let batch = 0; batch < 4; batch++) {
    const personas = personasService.createMany(actor, Array.from({ length: 50 }, (_, i) => ({ given: `Rhys${batch}n${i}`, surname: 'Morgan' })));
    morgans.push(...personsService.concludeMany(actor, personas.map((persona) => [persona.id])).map((person) => person.id));
  }
  const [jones] = personsService.concludeMany(actor, [[personasService.createMany(actor, [{ given: 'Ann', surname: 'Jones' }])[0].id]]);
  return { tree, personsService, morgans, jones: jones.id };
}

const segments = (tree: Tree) => [segmentsOf(tree, 'person_names'), segmentsOf(tree, 'person_names_trigram')];
const automerge = (tree: Tree) =>
  ['person_names', 'person_names_trigram'].map((index) => tree.db.prepare(`SELECT v FROM ${index}_config WHERE k = 'automerge'`).pluck().get() ?? 'default');

async function found(s: TestServer, q: string): Promise<number> {
  return (await s.request('GET', '/v1/persons', { query: { q } })).json().total;
}

t.test('while held, retractions merge nothing and search answers the same; after, the indexes catch up a step a pause', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS });
  const { tree, personsService, morgans } = tree200(s);
  const before = segments(tree);
  t.same(before, [5, 5], 'five segments in each index to begin with (one a transaction)');
  let during: { segments: number[]; automerge: unknown[]; morgans: number; jones: number; inside: number } | undefined;
  let pauses = 0;
  const answer = await personsService.retractingMany(async () => {
    for (const id of morgans.slice(0, 190)) personsService.retract(actor, id, 'undo');
    during = { segments: segments(tree), automerge: automerge(tree), morgans: await found(s, 'morgan'), jones: await found(s, 'jones'), inside: await found(s, 'orga') };
    return 'removed';
  }, async () => {
    pauses++;
  });
  t.equal(answer, 'removed', "the work's own answer");
  t.same(during!.automerge, [0, 0], 'both indexes held while the work ran');
  t.same(during!.segments, before, "190 retractions (a fifth of them would trigger FTS5's delete-merge) merged no segment while held");
  t.same([during!.morgans, during!.jones, during!.inside], [10, 1, 10], 'search left out the retracted names while held, by word and inside a word');
  t.same(automerge(tree), [4, 4], 'released after: FTS5 merges on its own again');
  t.ok(segments(tree).every((count, at) => count < before[at]), `and the deleted names were merged away (${segments(tree)} segments)`);
  t.ok(pauses >= 2, `a pause after each catch-up step (${pauses}): one step per index at least`);
  t.same([await found(s, 'morgan'), await found(s, 'jones'), await found(s, 'orga')], [10, 1, 10], 'search answers the same after');
  t.notOk(new NameIndexMerges(tree).held());
});

t.test('two removals at once: the merges stay held until the last one ends', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS });
  const { tree, personsService, morgans } = tree200(s);
  let release!: () => void;
  const firstMayEnd = new Promise<void>((done) => (release = done));
  const first = personsService.retractingMany(async () => {
    personsService.retract(actor, morgans[0], 'first');
    await firstMayEnd;
  }, async () => undefined);
  let heldDuringSecondAfterFirst: unknown[] = [];
  await personsService.retractingMany(async () => {
    release();
    await first;
    for (const id of morgans.slice(1, 100)) personsService.retract(actor, id, 'second');
    heldDuringSecondAfterFirst = automerge(tree);
  }, async () => undefined);
  t.same(heldDuringSecondAfterFirst, [0, 0], 'the first ending did not release what the second still held');
  t.same(automerge(tree), [4, 4], 'the second ending did');
});

t.test('work that fails: the merges are released and the failure passes through', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS });
  const { tree, personsService, morgans } = tree200(s);
  const failing = personsService.retractingMany(async () => {
    personsService.retract(actor, morgans[0], 'undo');
    throw new Error('the disk went away');
  }, async () => undefined);
  await t.rejects(failing, { message: 'the disk went away' });
  t.same(automerge(tree), [4, 4]);
  t.equal(await found(s, 'morgan'), 199);
});

t.test('merges a crash left held are released, and caught up, as the tree opens', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rootline-merges-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const first = await buildTestServer({ teardown: () => undefined }, { plugins: PLUGINS, dataDir });
  const { tree, personsService, morgans } = tree200(first);
  const merges = new NameIndexMerges(tree);
  merges.hold();
  for (const id of morgans) personsService.retract(actor, id, 'undo cut off');
  const left = segments(tree);
  await first.server.close(); // the hold is never released: as a crash leaves it

  const again = await buildTestServer(t, { plugins: PLUGINS, dataDir });
  const reopened = again.server.kernel.trees.active();
  t.same(automerge(reopened), [4, 4], 'released before any request');
  t.ok(segments(reopened).every((count, at) => count < left[at]), `and caught up (${left} segments, now ${segments(reopened)})`);
  t.same([await found(again, 'morgan'), await found(again, 'jones')], [0, 1]);
});

t.test('a tree whose merges were never held opens as it was', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS });
  const { tree } = tree200(s);
  t.same(automerge(tree), ['default', 'default'], 'no setting written');
  new NameIndexMerges(tree).mendAfterCrash();
  t.same(automerge(tree), ['default', 'default'], 'still none: nothing to mend');
  t.same(segments(tree), [5, 5], 'and no merge forced');
});

t.test('a release with no hold (one the disk refused) writes nothing', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS });
  const { tree } = tree200(s);
  let pauses = 0;
  await new NameIndexMerges(tree).release(async () => {
    pauses++;
  });
  t.same([automerge(tree), segments(tree), pauses], [['default', 'default'], [5, 5], 0]);
});

/** A tree whose writes fail with `fault` from the `failing`-th transaction on (a stand-in: a full disk is hard to reach here). */
function faultyTree(fault: Error, failing = 1): Tree {
  let transactions = 0;
  const write = <T>(work: () => T): T => {
    if (++transactions >= failing) throw fault;
    return work();
  };
  const statement = { run: () => ({ changes: 0 }), pluck: () => ({ get: () => (transactions > 0 ? 2 * transactions : 0) }) };
  return { transact: write, bulkTransact: write, prepare: () => statement } as unknown as Tree;
}
const diskFull = () => Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });

t.test('a full disk refusing the hold or the catch-up never fails the work; any other fault is thrown', async (t) => {
  const refused = faultyTree(diskFull());
  const merges = new NameIndexMerges(refused);
  t.doesNotThrow(() => merges.hold(), 'the hold the disk refused is no hold');
  let pauses = 0;
  await merges.release(async () => {
    pauses++;
  });
  t.equal(pauses, 0, 'and its release has nothing to release');

  // The disk refuses the first hold only: the next hold is a hold, made (a second transaction).
  let tries = 0;
  const once = { transact: () => {
    if (++tries === 1) throw diskFull();
  }, prepare: () => ({ run: () => undefined }) } as unknown as Tree;
  const later = new NameIndexMerges(once);
  later.hold();
  later.hold();
  t.equal(tries, 2, 'a refused hold counts for nothing: the next one sets the hold');

  // Hold and release go through (transactions 1 and 2); the first catch-up step finds the disk full.
  const fullLater = new NameIndexMerges(faultyTree(diskFull(), 3));
  fullLater.hold();
  await t.resolves(fullLater.release(async () => undefined), 'a catch-up the disk refused is left to later merges');

  const broken = new NameIndexMerges(faultyTree(new Error('no such table'), 3));
  broken.hold();
  await t.rejects(broken.release(async () => undefined), { message: 'no such table' }, 'another fault in the catch-up is thrown');
  t.throws(() => new NameIndexMerges(faultyTree(new Error('no such table'))).hold(), { message: 'no such table' }, 'and in the hold');
});

t.test("a tree opens on a full disk with the merges a crash left held: they stay held, and the open goes on", async (t) => {
  // The stand-in reads `automerge` 0 (held) and refuses every write.
  const held = new NameIndexMerges(faultyTree(diskFull()));
  t.ok(held.held());
  t.doesNotThrow(() => held.mendAfterCrash(), 'the open is not failed by housekeeping');
  t.throws(() => new NameIndexMerges(faultyTree(new Error('no such table'))).mendAfterCrash(), { message: 'no such table' }, 'another fault is thrown');
  // Released, but the first catch-up step finds the disk full: the open goes on too.
  t.doesNotThrow(() => new NameIndexMerges(faultyTree(diskFull(), 2)).mendAfterCrash());
  t.throws(() => new NameIndexMerges(faultyTree(new Error('no such table'), 2)).mendAfterCrash(), { message: 'no such table' });
});
