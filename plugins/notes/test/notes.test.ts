import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';

t.test('a note written is read back for its target, oldest first', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-notes'] });
  const first = await s.request('POST', '/v1/notes', { body: { target: 'person-1', text: 'First' } });
  t.equal(first.statusCode, 201);
  await s.request('POST', '/v1/notes', { body: { target: 'person-1', text: 'Second' } });
  const list = await s.request('GET', '/v1/notes', { query: { target: 'person-1' } });
  t.same(list.json().map((n: { text: string }) => n.text), ['First', 'Second']);
});

t.test('the list reads the same through both mounts and keeps text exactly as written', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-notes'] });
  const text = 'Line one\n"quoted" — ünïcödé, emoji 🌳, backslash \\ and tab\t';
  const created = (await s.request('POST', '/v1/notes', { body: { target: 'p', text } })).json();
  const treeId = s.server.kernel.registry.activeTreeId();
  for (const path of ['/v1/notes', `/v1/trees/${treeId}/notes`]) {
    const reply = await s.request('GET', path, { query: { target: 'p' } });
    t.equal(reply.headers['content-type'], 'application/json; charset=utf-8');
    t.same(reply.json(), [created], path);
  }
  t.same((await s.request('GET', '/v1/notes', { query: { target: 'nobody' } })).json(), [], 'an empty array for a target without notes');
  t.same((await s.request('GET', `/v1/notes/${created.id}`)).json(), created);
  const missing = await s.request('GET', '/v1/notes/01938f0e-0000-7000-8000-000000000000');
  t.equal(missing.statusCode, 404);
  t.equal(missing.json().code, 'not-found');
});

t.test('bad input is refused and writes nothing', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-notes'] });
  const bodies = [{}, { target: 'p' }, { text: 'x' }, { target: '', text: 'x' }, { target: 'p', text: '   ' }, { target: 'p', text: 5 }, { target: 'p', text: 'x', extra: true }, { target: 'x'.repeat(201), text: 'x' }];
  for (const body of bodies) {
    const reply = await s.request('POST', '/v1/notes', { body });
    t.equal(reply.statusCode, 400, JSON.stringify(body).slice(0, 40));
    t.equal(reply.json().code, 'validation-failed');
  }
  t.equal((await s.request('GET', '/v1/notes', { query: {} })).json().code, 'validation-failed', 'target is required');
  t.equal(s.records().length, 0, 'nothing recorded');
  const agent = await s.request('POST', '/v1/notes', { body: { target: 'p', text: 'from an agent' }, token: s.agentToken, headers: { 'x-proposer-model': 'example-model-1' } });
  t.equal(agent.statusCode, 201, 'agents may write notes');
  t.equal(s.records()[0].actor.proposer, 'example-model-1');
});
