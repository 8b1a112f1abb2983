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
