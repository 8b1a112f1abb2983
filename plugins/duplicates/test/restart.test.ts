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
