import t from 'tap';
import { db, footprint, manualClock, ok, pinned, problem, question, researchServer, UNKNOWN } from './fixtures/helpers.js';
import type { TestServer } from '@rootline/kernel/testing';

const add = (s: TestServer, q: string, body: Record<string, unknown>, prefix = '/v1') => ok(s.request('POST', `${prefix}/research/questions/${q}/plan/items`, { body }));
const plan = (s: TestServer, q: string, prefix = '/v1') => ok(s.request('GET', `${prefix}/research/questions/${q}/plan`));
const order = async (s: TestServer, q: string) => (await plan(s, q)).items.map((item: { description: string }) => item.description);

t.test('items are added at the end of the plan, read in order on both mounts, and move the question', async (t) => {
  const clock = manualClock();
  const s = await researchServer(t, { clock });
  const asked = await question(s);
  t.same(await plan(s, asked.id), { question: asked.id, items: [], total: 0, done: 0 });
  clock.advance(1000);
  const first = await add(s, asked.id, { description: 'Search the Ledbury baptisms' });
  const [record] = s.records({ kind: 'research_plan_item' });
  t.same(first, {
    id: first.id, question: asked.id, description: 'Search the Ledbury baptisms', done: false, done_at_ms: null, position: 0,
    assignment: null, deleted_at_ms: null, created_at_ms: clock.now(), updated_at_ms: clock.now(),
  });
  t.match(record, { kind: 'research_plan_item.added.v1', entity_type: 'research_plan_item', entity_id: first.id, payload: { question: asked.id, assignee: null } });
  const second = await add(s, asked.id, { description: 'Order the 1851 census piece' }, pinned(s));
  t.equal(second.position, 1);
  for (const prefix of ['/v1', pinned(s)]) t.same(await plan(s, asked.id, prefix), { question: asked.id, items: [first, { ...second }], total: 2, done: 0 }, prefix);
  const moved = await ok(s.request('GET', `/v1/research/questions/${asked.id}`));
  t.same([moved.plan, moved.updated_at_ms, moved.seq], [{ total: 2, done: 0 }, clock.now(), s.records({ kind: 'research_plan_item' })[0].seq], 'plan progress and seq are part of the question');
});

t.test('description and done change an item; the same done state again records nothing', async (t) => {
  const clock = manualClock();
  const s = await researchServer(t, { clock });
  const asked = await question(s);
  const item = await add(s, asked.id, { description: 'Search the baptisms' });
  clock.advance(1000);
  const reworded = await ok(s.request('PUT', `/v1/research/plan-items/${item.id}/description`, { body: { description: 'Search the baptisms 1849-1853' } }));
  t.same(reworded, { ...item, description: 'Search the baptisms 1849-1853', updated_at_ms: clock.now() });
  t.same(s.records({ kind: 'research_plan_item.description_set' })[0].payload, { question: asked.id });
  clock.advance(1000);
  const done = await ok(s.request('PUT', `/v1/research/plan-items/${item.id}/done`, { body: { done: true }, token: s.agentToken }));
  t.same(done, { ...reworded, done: true, done_at_ms: clock.now(), updated_at_ms: clock.now() });
  t.same(s.records({ kind: 'research_plan_item.done_set' })[0].payload, { question: asked.id, done: true });
  t.same((await plan(s, asked.id)).done, 1);
  t.same((await ok(s.request('GET', `/v1/research/questions/${asked.id}`))).plan, { total: 1, done: 1 });
  const records = s.records().length;
  clock.advance(1000);
  t.same(await ok(s.request('PUT', `/v1/research/plan-items/${item.id}/done`, { body: { done: true } })), done, 'done again: unchanged');
  t.equal(s.records().length, records, 'and nothing recorded');
  const undone = await ok(s.request('PUT', `/v1/research/plan-items/${item.id}/done`, { body: { done: false } }));
  t.same([undone.done, undone.done_at_ms, undone.updated_at_ms], [false, null, clock.now()]);
  t.same(s.records({ kind: 'research_plan_item.done_set' })[0].payload, { question: asked.id, done: false });
});

t.test('delete takes an item out of the plan; refusals of every plan route write nothing', async (t) => {
  const s = await researchServer(t);
  const asked = await question(s);
  const other = await question(s, { text: 'Other' });
  const [a, b, c] = [await add(s, asked.id, { description: 'a' }), await add(s, asked.id, { description: 'b' }), await add(s, asked.id, { description: 'c' })];
  const elsewhere = await add(s, other.id, { description: 'elsewhere' });
  t.same(await ok(s.request('DELETE', `/v1/research/plan-items/${b.id}`)), { ok: true });
  t.same(s.records({ kind: 'research_plan_item.deleted' })[0].payload, { question: asked.id });
  t.same(await order(s, asked.id), ['a', 'c']);
  t.same((await plan(s, asked.id)).items.map((item: { position: number }) => item.position), [0, 1], 'positions count from 0 in plan order');
  const before = footprint(s);
  const missing = (id: string) => ({ status: 404, code: 'not-found', detail: `There is no plan item ${id} in this tree` });
  t.same(await problem(s.request('DELETE', `/v1/research/plan-items/${b.id}`)), missing(b.id), 'deleting again');
  t.same(await problem(s.request('PUT', `/v1/research/plan-items/${b.id}/done`, { body: { done: true } })), missing(b.id));
  t.same(await problem(s.request('PUT', `/v1/research/plan-items/${UNKNOWN}/description`, { body: { description: 'x' } })), missing(UNKNOWN));
  t.same(await problem(s.request('POST', `/v1/research/plan-items/${a.id}/reorder`, { body: { before: b.id } })), missing(b.id), 'moving next to a deleted item');
  t.same(await problem(s.request('POST', `/v1/research/plan-items/${UNKNOWN}/reorder`, { body: { before: a.id } })), missing(UNKNOWN));
  t.same(await problem(s.request('POST', `/v1/research/plan-items/${a.id}/reorder`, { body: { after: elsewhere.id } })), {
    status: 422, code: 'plan-item-other-plan', detail: `The plan item ${elsewhere.id} is in the plan of another question; move ${a.id} within its own plan`,
  });
  t.same(await problem(s.request('POST', `/v1/research/plan-items/${a.id}/reorder`, { body: { before: a.id } })), { status: 422, code: 'plan-item-self', detail: `Give another item of the plan than ${a.id} itself` });
  for (const body of [{}, { before: c.id, after: c.id }, { before: 'x' }, { beside: c.id }]) {
    t.equal((await problem(s.request('POST', `/v1/research/plan-items/${a.id}/reorder`, { body }))).code, 'validation-failed', JSON.stringify(body));
  }
  t.same(await problem(s.request('GET', `/v1/research/questions/${UNKNOWN}/plan`)), { status: 404, code: 'not-found', detail: `There is no research question ${UNKNOWN} in this tree` });
  t.same(await problem(s.request('POST', `/v1/research/questions/${UNKNOWN}/plan/items`, { body: { description: 'x' } })), { status: 404, code: 'not-found', detail: `There is no research question ${UNKNOWN} in this tree` });
  for (const body of [{}, { description: ' ' }, { description: 'x', assignee: 'agent-1' }, { description: 'x', extra: 1 }]) {
    t.equal((await problem(s.request('POST', `/v1/research/questions/${asked.id}/plan/items`, { body }))).code, 'validation-failed', JSON.stringify(body));
  }
  // An assignee is an assistant's live credential: not an id no credential has, not the human's, not a revoked agent's.
  const human = s.server.kernel.registry.listCredentials('human').find((row) => row.revoked_at_ms === null)!.credential_id;
  const revoked = s.server.kernel.registry.insertCredential('agent', 'gone', 'f'.repeat(64)).credential_id;
  s.server.kernel.registry.revokeCredential(revoked);
  for (const assignee of [UNKNOWN, human, revoked]) {
    t.same(await problem(s.request('POST', `/v1/research/questions/${asked.id}/plan/items`, { body: { description: 'x', assignee } })),
      { status: 404, code: 'not-found', detail: `No assistant's live credential has the id ${assignee}; give the item to one that \`rootline agent list\` shows active` }, `assignee ${assignee === human ? 'the human' : assignee === revoked ? 'revoked' : 'unknown'}`);
  }
  t.same(footprint(s), before, 'nothing written');
  t.same(await order(s, asked.id), ['a', 'c']);
});

t.test('reorder before and after: the plan answers in its new order, the record names the target', async (t) => {
  const s = await researchServer(t);
  const asked = await question(s);
  const items: Record<string, any> = {};
  for (const name of ['a', 'b', 'c', 'd']) items[name] = await add(s, asked.id, { description: name });
  const reorder = async (name: string, body: Record<string, string>) => {
    const answered = await ok(s.request('POST', `/v1/research/plan-items/${items[name].id}/reorder`, { body }));
    return answered.items.map((item: { description: string }) => item.description);
  };
  t.same(await reorder('d', { before: items.a.id }), ['d', 'a', 'b', 'c'], 'to the front');
  t.same(s.records({ kind: 'research_plan_item.reordered' })[0].payload, { question: asked.id, before: items.a.id });
  t.same(await reorder('d', { after: items.c.id }), ['a', 'b', 'c', 'd'], 'to the end');
  t.same(s.records({ kind: 'research_plan_item.reordered' })[0].payload, { question: asked.id, after: items.c.id });
  t.same(await reorder('a', { after: items.b.id }), ['b', 'a', 'c', 'd']);
  t.same(await reorder('c', { before: items.a.id }), ['b', 'c', 'a', 'd']);
  t.same(await reorder('b', { before: items.c.id }), ['b', 'c', 'a', 'd'], 'already there: same order');
  t.same(await order(s, asked.id), ['b', 'c', 'a', 'd']);
  const positions = db(s).prepare('SELECT position FROM research_plan_items WHERE question = ? ORDER BY position').pluck().all(asked.id);
  t.same(positions, [0, 1, 2, 3], 'renumbered 0..n-1');
  const added = await add(s, asked.id, { description: 'e' });
  t.equal(added.position, 4, 'a new item goes last');
});

t.test('many reorders at once leave one total order: the one the records replay to', async (t) => {
  const s = await researchServer(t);
  const asked = await question(s);
  const ids: string[] = [];
  for (let i = 0; i < 12; i++) ids.push((await add(s, asked.id, { description: `item ${i}` })).id);
  const initial = [...ids];
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const moves = Array.from({ length: 80 }, () => {
    const item = ids[Math.floor(random() * ids.length)];
    let target = ids[Math.floor(random() * ids.length)];
    if (target === item) target = ids[(ids.indexOf(item) + 1) % ids.length];
    return { item, body: random() < 0.5 ? { before: target } : { after: target } };
  });
  const replies = await Promise.all(moves.map(({ item, body }) => s.request('POST', `/v1/research/plan-items/${item}/reorder`, { body, token: s.agentToken })));
  t.same(replies.map((reply) => reply.statusCode), moves.map(() => 200), 'every reorder applied');
  // Replay the records, oldest first, on the order the plan started with.
  const records = s.records({ kind: 'research_plan_item.reordered' }).reverse();
  t.equal(records.length, 80);
  const replay = [...initial];
  for (const record of records) {
    const { before, after } = record.payload as { before?: string; after?: string };
    replay.splice(replay.indexOf(record.entity_id), 1);
    replay.splice(replay.indexOf((before ?? after)!) + (after ? 1 : 0), 0, record.entity_id);
  }
  const final = await plan(s, asked.id);
  t.same(final.items.map((item: { id: string }) => item.id), replay, 'the plan is exactly the replay of the reorders in commit order');
  t.same(final.items.map((item: { position: number }) => item.position), [...Array(12).keys()]);
  t.same(db(s).prepare('SELECT position FROM research_plan_items WHERE question = ? ORDER BY position').pluck().all(asked.id), [...Array(12).keys()], 'stored positions are distinct and dense');
  t.same([...replay].sort(), [...initial].sort(), 'every item still there once');
  // Each reply showed the order its own reorder left, one step of the replay.
  const seen = new Set(replies.map((reply) => JSON.stringify(reply.json().items.map((item: { id: string }) => item.id))));
  t.ok(seen.has(JSON.stringify(replay)), 'the last reply shows the final order');
});

t.test('reorders racing with adds and deletes keep every live item once, densely numbered', async (t) => {
  const s = await researchServer(t);
  const asked = await question(s);
  const ids: string[] = [];
  for (let i = 0; i < 6; i++) ids.push((await add(s, asked.id, { description: `item ${i}` })).id);
  const work = [
    s.request('POST', `/v1/research/plan-items/${ids[0]}/reorder`, { body: { after: ids[5] } }),
    s.request('POST', `/v1/research/plan-items/${ids[1]}/reorder`, { body: { before: ids[4] } }),
    s.request('POST', `/v1/research/plan-items/${ids[3]}/reorder`, { body: { before: ids[2] } }),
    s.request('POST', `/v1/research/plan-items/${ids[4]}/reorder`, { body: { after: ids[0] } }),
    s.request('DELETE', `/v1/research/plan-items/${ids[2]}`),
    s.request('POST', `/v1/research/questions/${asked.id}/plan/items`, { body: { description: 'late' } }),
  ];
  const replies = await Promise.all(work);
  const final = await plan(s, asked.id);
  t.equal(final.total, 6, '6 - 1 deleted + 1 added');
  t.same(new Set(final.items.map((item: { id: string }) => item.id)).size, 6);
  t.notOk(final.items.some((item: { id: string }) => item.id === ids[2]), 'the deleted item is gone');
  const positions = db(s).prepare('SELECT position FROM research_plan_items WHERE question = ? AND deleted_at_ms IS NULL ORDER BY position').pluck().all(asked.id) as number[];
  t.equal(new Set(positions).size, positions.length, 'no two live items share a position');
  const failed = replies.flatMap((reply, at) => (reply.statusCode === 200 ? [] : [[at, reply.statusCode, reply.json().code]]));
  t.ok(failed.length === 0 || JSON.stringify(failed) === JSON.stringify([[2, 404, 'not-found']]), `only the move next to the deleted item can fail, with 404: ${JSON.stringify(failed)}`);
});
