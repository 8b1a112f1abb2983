import t from 'tap';
import { ImportRuns } from '../src/runs.js';
import { finished, fixture, importServer, upload } from './helpers.js';

/** The run rows themselves (runs.ts): what GET /imports shows of each state, and the undo's reason kept for an undo to finish. */

t.test('a run as it is read in each state: no error nor removal_pending on one that stands; removal_pending while a stopped or undone one still lists rows', async (t) => {
  const s = await importServer(t);
  const { job_id, import_key } = (await upload(s, fixture('smith.ged'))).json();
  await finished(s, job_id);
  const tree = s.server.kernel.trees.active();
  const runs = new ImportRuns(tree, { now: () => 1_800_000_000_000 });
  const read = () => runs.get(import_key)!;
  t.match(read(), { import_key, state: 'succeeded' });
  t.notOk('error' in read(), 'a run that stands has no error');
  t.notOk('removal_pending' in read());
  tree.transact(() => runs.undone(import_key, 'wrong file'));
  t.match(read(), { state: 'undone', removal_pending: true }, 'undone, its rows still listed');
  t.equal(runs.undoReason(import_key), 'wrong file', 'the reason is kept for whoever finishes the undo');
  tree.transact(() => runs.undone(import_key, undefined));
  t.equal(runs.undoReason(import_key), null, 'no reason given: none kept');
  t.equal(runs.undoReason('01938f0e-6b1d-7aa0-8e55-0c2f4d9e1a77'), null, 'an unknown run has none');
  tree.prepare("UPDATE gedcom_import_runs SET state = 'cancelled', finished_at_ms = NULL WHERE import_key = ?").run(import_key);
  t.match(read(), { state: 'cancelled', removal_pending: true }, 'cancelled, not settled');
  tree.transact(() => runs.settle(import_key));
  t.notOk('removal_pending' in read(), 'settled: nothing pending, though rows are listed (only an undone run reads its list)');
});
