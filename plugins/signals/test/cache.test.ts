import t from 'tap';
import { SignalsService } from '../src/service.js';
import { Desk, ids, signalsServer } from './fixtures/helpers.js';

t.test('a read again answers the last computation until the tree changes, then computes again', async (t) => {
  const s = await signalsServer(t);
  const d = new Desk(s);
  const first = await d.life('First', '1850', '1849');
  const computed: number[] = [];
  const compute = SignalsService.prototype.compute;
  SignalsService.prototype.compute = function (this: SignalsService, limit: number) {
    computed.push(limit);
    return compute.call(this, limit);
  };
  t.teardown(() => {
    SignalsService.prototype.compute = compute;
  });

  const before = await d.signals({ examples: 1 });
  t.same(computed, [100], 'computed once, at the largest cap');
  t.same(await d.signals({ examples: 1 }), before, 'the same again');
  const all = await d.signals({ examples: 100 });
  t.same(computed, [100], 'not computed again for another cap');
  t.same(ids(all.date_inconsistencies.died_before_born), [first.id]);

  const second = await d.life('Second', '1850', '1849');
  const after = await d.signals({ examples: 1 });
  t.same(computed, [100, 100], 'a change: computed again');
  t.same([after.date_inconsistencies.died_before_born.count, ids(after.date_inconsistencies.died_before_born)], [2, [first.id]]);
  t.same(ids((await d.signals()).date_inconsistencies.died_before_born), [first.id, second.id]);

  const pinned = await d.pinned();
  await pinned.life('Elsewhere', '1850', '1849');
  t.equal((await pinned.signals()).date_inconsistencies.died_before_born.count, 1, 'each tree its own');
  t.equal((await d.signals()).date_inconsistencies.died_before_born.count, 2);
  t.same(computed, [100, 100, 100], 'the other tree\'s change left this one\'s signals as they were');
  // A refused write changes nothing: the signals stay.
  const refused = await s.request('POST', '/v1/relationships', { body: { kind: 'parent', parent: first.id, child: first.id } });
  t.equal(refused.statusCode, 422);
  await d.signals();
  t.same(computed, [100, 100, 100]);
});
