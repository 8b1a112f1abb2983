import t from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { duplicatesServer, ok, person, ranked } from './fixtures/helpers.js';

t.test('a denial is remembered across restarts', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rootline-duplicates-restart-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));

  const first = await duplicatesServer(t, { dataDir });
  const [a, b, c] = [await person(first, { given: 'Isaac', surname: 'Levy' }, { birth: '1870' }), await person(first, { given: 'Isaak', surname: 'Levi' }, { birth: '1871' }), await person(first, { given: 'Ike', surname: 'Levy' })];
  const denied = await ok(first.request('POST', '/v1/proposals', { body: { persons: [a.id, b.id], rationale: 'Same name, a year apart' } }), 200);
  const pending = await ok(first.request('POST', '/v1/proposals', { body: { persons: [a.id, c.id], rationale: 'Ike is Isaac' } }), 200);
  await ok(first.request('POST', `/v1/proposals/${denied.id}/deny`, { body: { reason: 'Different parents' } }));
  t.same((await ranked(first, { person: a.id })).map(([id]) => id), [c.id]);
  await first.server.close();

  const second = await duplicatesServer(t, { dataDir });
  t.match((await second.request('POST', '/v1/proposals', { body: { persons: [b.id, a.id], rationale: 'Again' } })).json(), { status: 409, code: 'known-not-a-match', proposal: denied.id });
  t.same((await ranked(second, { person: a.id })).map(([id]) => id), [c.id], 'still left out of the person\'s candidates');
  t.same((await ranked(second, { person: b.id })).map(([id]) => id), [c.id], 'either way round');
  t.same((await ok(second.request('GET', '/v1/proposals'))).items.map((p: any) => p.id), [pending.id], 'the pending proposal is still pending');
  t.same((await ok(second.request('GET', `/v1/proposals/${denied.id}`))).status, 'denied');
  t.same(second.records({ kind: 'proposal' }).map((r) => r.kind), ['proposal.denied.v1', 'proposal.created.v1', 'proposal.created.v1']);
});

t.test('as a tree opens, a pending proposal of a person gone for good is withdrawn by the system; the others stay pending', async (t) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'rootline-duplicates-withdraw-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));

  const first = await duplicatesServer(t, { dataDir });
  const [a, b, c, d, e] = [
    await person(first, { given: 'Ruth', surname: 'Cole' }), await person(first, { given: 'Ruthe', surname: 'Cole' }),
    await person(first, { given: 'Ruth', surname: 'Coles' }), await person(first, { given: 'R.', surname: 'Cole' }), await person(first, { given: 'Ruth', surname: 'Coal' }),
  ];
  const propose = (persons: string[]) => ok(first.request('POST', '/v1/proposals', { body: { persons, rationale: 'Same woman' } }), 200);
  const legacy = await propose([a.id, b.id]);
  const throughMerge = await propose([c.id, e.id]);
  const standing = await propose([a.id, e.id]);
  // A tree from before withdrawals (duplicates 0.1.7): b retracted while its proposal stayed pending.
  await ok(first.request('POST', `/v1/persons/${b.id}/retract`, { body: {} }));
  first.server.kernel.trees.active().prepare("UPDATE duplicate_proposals SET status = 'pending', decided_at_ms = NULL, reason = NULL WHERE id = ?").run(legacy.id);
  // c merged into d, then d retracted: the retraction's own proposals did not name c.
  await ok(first.request('POST', '/v1/persons/merge', { body: { survivor: d.id, merged: c.id } }));
  await ok(first.request('POST', `/v1/persons/${d.id}/retract`, { body: {} }));
  t.same((await ok(first.request('GET', '/v1/proposals'))).items.map((p: any) => p.id), [legacy.id, throughMerge.id, standing.id], 'all three pending before the restart');
  await first.server.close();

  const second = await duplicatesServer(t, { dataDir });
  t.same((await ok(second.request('GET', '/v1/proposals'))).items.map((p: any) => p.id), [standing.id], 'only what can still be decided waits');
  const withdrawn = (await ok(second.request('GET', '/v1/proposals', { query: { status: 'withdrawn' } }))).items;
  const gone = (id: string) => `Person ${id} is no longer in the tree (retracted, or merged into a person retracted since)`;
  t.same(withdrawn.map((p: any) => [p.id, p.reason]), [[legacy.id, gone(b.id)], [throughMerge.id, gone(c.id)]], 'the person of the proposal that is gone is named');
  t.same(second.records({ kind: 'proposal.withdrawn' }).map((r) => [r.entity_id, r.actor.kind]), [[throughMerge.id, 'system'], [legacy.id, 'system'], [legacy.id, 'human']], 'by the system (the human withdrawal is the one the test took back)');
  await second.server.close();

  const third = await duplicatesServer(t, { dataDir });
  t.same(third.records({ kind: 'proposal.withdrawn' }).length, 3, 'nothing more at the next opening');
});
