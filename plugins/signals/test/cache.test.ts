import t from 'tap';
import { TreePicture } from '../src/picture.js';
import { Desk, ids, signalsServer } from './fixtures/helpers.js';

t.test('a read again answers the kept signals until the tree changes, then brings them up to date', async (t) => {
  const s = await signalsServer(t);
  const d = new Desk(s);
  const first = await d.life('First', '1850', '1849');
  const calls: string[] = [];
  const { built } = TreePicture;
  const { update } = TreePicture.prototype;
  TreePicture.built = (reads, pause) => {
    calls.push('whole');
    return built.call(TreePicture, reads, pause);
  };
  TreePicture.prototype.update = function (this: TreePicture, ...args: Parameters<typeof update>) {
    calls.push(`update ${args[1].size} ${args[2].size}`);
    return update.apply(this, args);
  };
  t.teardown(() => {
    TreePicture.built = built;
    TreePicture.prototype.update = update;
  });

  const before = await d.signals({ examples: 1 });
  t.same(calls, ['whole'], 'the first read reads the whole tree');
  t.same(await d.signals({ examples: 1 }), before, 'the same again');
  const all = await d.signals({ examples: 100 });
  t.same(calls, ['whole'], 'nothing read again, whatever the cap');
  t.same(ids(all.date_inconsistencies.died_before_born), [first.id]);

  const second = await d.life('Second', '1850', '1849');
  const after = await d.signals({ examples: 1 });
  t.same(calls, ['whole', 'update 1 2'], 'a new person with two claims: that person and its claims read and checked again');
  t.same([after.date_inconsistencies.died_before_born.count, ids(after.date_inconsistencies.died_before_born)], [2, [first.id]]);
  t.same(ids((await d.signals()).date_inconsistencies.died_before_born), [first.id, second.id]);

  const pinned = await d.pinned();
  await pinned.life('Elsewhere', '1850', '1849');
  t.equal((await pinned.signals()).date_inconsistencies.died_before_born.count, 1, 'each tree its own');
  t.equal((await d.signals()).date_inconsistencies.died_before_born.count, 2);
  t.same(calls, ['whole', 'update 1 2', 'whole'], 'the other tree read once; this one left as it was');
  // A refused write changes nothing: the signals stay.
  const refused = await s.request('POST', '/v1/relationships', { body: { kind: 'parent', parent: first.id, child: first.id } });
  t.equal(refused.statusCode, 422);
  await d.signals();
  t.same(calls, ['whole', 'update 1 2', 'whole']);
  // A write of something the signals do not read: followed, nothing to read again.
  await d.source();
  await d.signals();
  t.same(calls, ['whole', 'update 1 2', 'whole', 'update 0 0']);
});

t.test('a whole reading pauses between its steps, is shared by the reads that come meanwhile, and what changed during it is followed', async (t) => {
  const s = await signalsServer(t);
  const d = new Desk(s);
  const early = await d.life('Early', '1850', '1849');
  const { built, checksPerStep } = TreePicture;
  TreePicture.checksPerStep = 1;
  let readings = 0;
  let pauses = 0;
  let written: Promise<unknown> | undefined;
  TreePicture.built = (reads, pause) => {
    readings++;
    return built.call(TreePicture, reads, async () => {
      // A change while the tree is being read: the answer must still include it.
      if (pauses++ === 0) written = d.life('During', '1850', '1849');
      await pause();
    });
  };
  t.teardown(() => {
    TreePicture.built = built;
    TreePicture.checksPerStep = checksPerStep;
  });
  const [first, second] = await Promise.all([d.signals(), d.signals()]);
  await written;
  t.equal(readings, 1, 'two reads at once: one whole reading');
  t.ok(pauses >= 6, `the reading paused after each statement and each person checked (${pauses} pauses)`);
  t.same(first, second);
  const now = await d.signals();
  t.equal(now.date_inconsistencies.died_before_born.count, 2, 'the person written during the reading is there');
  t.equal(now.date_inconsistencies.died_before_born.examples[0].id, early.id);
  t.equal(readings, 1, 'and it came by following the records, not by reading again');
});
