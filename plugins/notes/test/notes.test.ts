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
  t.match(missing.json(), { code: 'not-found', entity: 'note', detail: 'There is no note 01938f0e-0000-7000-8000-000000000000 in this tree' });
  const notAnId = await s.request('GET', '/v1/notes/not-a-uuid');
  t.equal(notAnId.statusCode, 400, 'an id that is not a UUID is refused, not looked up');
  t.match(notAnId.json(), { code: 'validation-failed', errors: [{ location: 'path', name: 'id' }] });
});

t.test('a note written records note.created.v1 with its target, by whoever wrote it', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-notes'] });
  const note = (await s.request('POST', '/v1/notes', { body: { target: 'person-7', text: 'Seen in the 1881 census' } })).json();
  t.match(s.records(), [{ kind: 'note.created.v1', entity_type: 'note', entity_id: note.id, actor: { kind: 'human' } }]);
  t.same(s.records()[0].payload, { target: 'person-7' }, 'the payload names the target (not the text)');
});

t.test('bad input is refused and writes nothing', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-notes'] });
  const bodies = [{}, { target: 'p' }, { text: 'x' }, { target: '', text: 'x' }, { target: 'p', text: '   ' }, { target: 'p', text: 5 }, { target: 'p', text: 'x', extra: true }, { target: 'x'.repeat(201), text: 'x' }, { target: '   ', text: 'x' }, { target: '\t\n', text: 'x' }];
  for (const body of bodies) {
    const reply = await s.request('POST', '/v1/notes', { body });
    t.equal(reply.statusCode, 400, JSON.stringify(body).slice(0, 40));
    t.equal(reply.json().code, 'validation-failed');
  }
  t.equal((await s.request('GET', '/v1/notes', { query: {} })).json().code, 'validation-failed', 'target is required');
  const blankTarget = await s.request('GET', '/v1/notes', { query: { target: '   ' } });
  t.equal(blankTarget.statusCode, 400, 'a blank target is refused on reading too');
  t.match(blankTarget.json(), { code: 'validation-failed', errors: [{ location: 'query', name: 'target' }] });
  t.equal(s.records().length, 0, 'nothing recorded');
  const agent = await s.request('POST', '/v1/notes', { body: { target: 'p', text: 'from an agent' }, token: s.agentToken, headers: { 'x-proposer-model': 'example-model-1' } });
  t.equal(agent.statusCode, 201, 'agents may write notes');
  t.equal(s.records()[0].actor.proposer, 'example-model-1');
});
