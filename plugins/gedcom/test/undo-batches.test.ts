import t from 'tap';
import { ImportRuns, type ItemKind } from '../src/runs.js';
import { removeRunItems } from '../src/import/undo.js';
import type { MappingServices } from '../src/import/context.js';
import { finished, generated, human, importServer, upload } from './helpers.js';

/**
 * How an undo takes a run's rows away: in short transactions sized to each kind's cost (an
 * import's batch budget), the first of each kind 20 items, with the event loop's turn between
 * them. A fixed 2,000 items a transaction held every request over a second while 102,000
 * persons were taken away (docs/benchmarks.md). What is taken away is tested in undo-*.test.ts
 * and the routes' tests; this is the pacing.
 */
const KINDS: ItemKind[] = ['relationship', 'association', 'event', 'note', 'media', 'person', 'assertion', 'persona', 'citation', 'source'];

t.test('an undo removes 20 items of the first kind first, one kind a transaction, as bulk work, with the name indexes\' merges held, and takes everything away in the end', async (t) => {
  const s = await importServer(t);
  const { job_id, import_key } = (await upload(s, generated(60))).json();
  await finished(s, job_id);
  const tree = s.server.kernel.trees.active();
  const runs = new ImportRuns(tree, { now: () => Date.now() });
  const listed = () => Object.fromEntries(KINDS.map((kind) => [kind, runs.itemsOf(import_key, kind, 1_000_000).length]));
  const before = listed();
  t.ok(before.relationship > 20 && before.person >= 60 && before.assertion >= 60, `a run with rows of several kinds (${JSON.stringify(before)})`);
  // The import's own bulk work is over a second after its last batch: from then on, only the removal's can make it so.
  while (tree.inBulkWork) await new Promise((done) => setTimeout(done, 50));
  const seen: Record<string, number>[] = [];
  const bulk: boolean[] = [];
  const nameMerges: unknown[] = [];
  const services = s.server.kernel.servicesFor(tree, human) as unknown as MappingServices;
  const removed = await removeRunItems(tree, runs, services, human, import_key, 'pacing test', {
    pause: async () => {
      seen.push(listed());
      bulk.push(tree.inBulkWork);
      nameMerges.push(tree.db.prepare("SELECT v FROM person_names_config WHERE k = 'automerge'").pluck().get());
    },
  });
  // The pauses after the last item went are the name indexes catching up (persons' name-merges.ts).
  const removing = seen.findIndex((counts) => Object.values(counts).every((count) => count === 0)) + 1;
  t.ok(removing > 0 && removing < seen.length, `the name indexes catch up after the removal, with pauses between (${seen.length - removing})`);
  t.same(new Set(nameMerges.slice(0, removing)), new Set([0]), "the persons' name indexes merge nothing while items are taken away (held)");
  t.same(nameMerges.slice(removing), nameMerges.slice(removing).map(() => 4), 'and merge again while they catch up');
  seen.length = removing;
  t.same(seen[0], { ...before, relationship: before.relationship - 20 }, 'the first transaction took 20 relationships and nothing else');
  for (let i = 1; i < seen.length; i++) {
    const changed = KINDS.filter((kind) => seen[i][kind] !== seen[i - 1][kind]);
    t.equal(changed.length, 1, `transaction ${i + 1} took items of one kind (${changed.join(', ')})`);
  }
  const firstOf = (kind: ItemKind) => seen.findIndex((counts) => counts[kind] < before[kind]);
  t.equal(before.person - seen[firstOf('person')].person, 20, "the persons' first transaction is 20 too: each kind is sized on its own");
  t.ok(bulk.every(Boolean), 'each transaction is bulk work: background work waits until the removal is over');
  t.equal(removed, Object.values(before).reduce((a, b) => a + b, 0), 'every listed item removed');
  t.same(listed(), Object.fromEntries(KINDS.map((kind) => [kind, 0])), 'nothing left listed');
  t.equal((await s.request('GET', '/v1/persons', { query: { limit: '1' } })).json().total, 0, 'no person of the run is left in the tree');
});
