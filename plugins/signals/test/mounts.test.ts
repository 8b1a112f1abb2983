import t from 'tap';
import { Desk, ids, problem, signalsServer } from './fixtures/helpers.js';

t.test('both mounts: the active tree on /v1, a pinned tree on its own, each only its own', async (t) => {
  const s = await signalsServer(t);
  const active = new Desk(s);
  const pinned = await active.pinned();
  const here = await active.life('Here', '1 JAN 1850', '1849');
  const there = [await pinned.life('There', '1850'), await pinned.life('Also', '1851')];
  const parent = await pinned.life('Young', '1850');
  await pinned.parent(parent.id, there[1].id);

  const mine = await active.signals();
  t.same(ids(mine.sourceless_people), [here.id]);
  t.same(ids(mine.date_inconsistencies.died_before_born), [here.id]);
  t.same(mine.end_of_line_ancestors, { count: 0, examples: [] });
  t.same(ids(mine.conclusions_without_evidence), [here.claims[0], here.claims[1]]);

  const theirs = await pinned.signals();
  t.same(ids(theirs.sourceless_people), [...there, parent].map((made) => made.id));
  t.equal(theirs.date_inconsistencies.died_before_born.count, 0);
  t.same(ids(theirs.date_inconsistencies.parent_under_12), [parent.id]);
  t.same(ids(theirs.end_of_line_ancestors), [parent.id]);
  t.equal(theirs.conclusions_without_evidence.count, 3);
  t.equal(theirs.sourceless_people.examples[0].label, 'There Smyth (1850–)', 'labels come from the pinned tree');

  const activeId = s.server.kernel.trees.active().id;
  t.same(await new Desk(s, `/v1/trees/${activeId}`).signals(), mine, 'the active tree pinned answers the same');
  t.same(await problem(s.request('GET', '/v1/trees/no-such-tree/research/signals')), { status: 404, code: 'tree-not-found' });
});

t.test('the example cap: the first examples by id, the whole count', async (t) => {
  const s = await signalsServer(t);
  const d = new Desk(s);
  const made: string[] = [];
  for (let at = 0; at < 12; at++) made.push((await d.life(`Born${at}`, '1850', '1849')).id);

  const standard = await d.signals();
  t.equal(standard.example_limit, 10, 'ten by default');
  for (const signal of [standard.sourceless_people, standard.date_inconsistencies.died_before_born]) {
    t.equal(signal.count, 12);
    t.same(ids(signal), made.slice(0, 10));
  }
  t.equal(standard.conclusions_without_evidence.count, 24);
  t.equal(standard.conclusions_without_evidence.examples.length, 10);
  t.equal(standard.date_inconsistencies.count, 12);

  const two = await d.signals({ examples: 2 });
  t.equal(two.example_limit, 2);
  t.same(ids(two.sourceless_people), made.slice(0, 2));
  t.equal(two.sourceless_people.count, 12);
  t.equal(two.conclusions_without_evidence.examples.length, 2);
  t.equal(two.conclusions_without_evidence.count, 24);

  const none = await d.signals({ examples: 0 });
  t.same(none.sourceless_people, { count: 12, examples: [] });
  t.same(none.date_inconsistencies.died_before_born, { count: 12, examples: [] });
  t.same(none.conclusions_without_evidence, { count: 24, examples: [] });

  const all = await d.signals({ examples: 100 });
  t.same(ids(all.sourceless_people), made);
  t.equal(all.conclusions_without_evidence.examples.length, 24);

  t.same(await problem(s.request('GET', '/v1/research/signals', { query: { examples: '101' } })), { status: 400, code: 'validation-failed' });
  t.same(await problem(s.request('GET', '/v1/research/signals', { query: { examples: '-1' } })), { status: 400, code: 'validation-failed' });
  t.same(await problem(s.request('GET', '/v1/research/signals', { query: { examples: 'few' } })), { status: 400, code: 'validation-failed' });
  t.same(await problem(s.request('GET', '/v1/research/signals', { query: { limit: '5' } })), { status: 400, code: 'unknown-query-parameter' });
  t.same(await problem(s.request('GET', `/v1/trees/${s.server.kernel.trees.active().id}/research/signals`, { query: { since: 'x' } })), { status: 400, code: 'unknown-query-parameter' });
});

t.test('an assistant reads the signals; nobody without a token does', async (t) => {
  const s = await signalsServer(t);
  const d = new Desk(s);
  await d.life('Somebody', '1850');
  const asAgent = await d.signals({}, s.agentToken);
  t.equal(asAgent.sourceless_people.count, 1);
  t.same(asAgent, await d.signals(), 'the same as the human sees');
  t.same(await problem(s.request('GET', '/v1/research/signals', { token: null })), { status: 401, code: 'unauthorized' });
});

t.test('an empty tree has nothing to signal', async (t) => {
  const s = await signalsServer(t);
  const empty = { count: 0, examples: [] };
  t.same(await new Desk(s).signals(), {
    example_limit: 10,
    sourceless_people: empty,
    conclusions_without_evidence: empty,
    date_inconsistencies: {
      count: 0,
      died_before_born: empty,
      parent_under_12: empty,
      mother_over_55: empty,
      born_after_mother_death: empty,
      baptism_before_birth: empty,
      married_under_12: empty,
    },
    end_of_line_ancestors: empty,
  });
});
