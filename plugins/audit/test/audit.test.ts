import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';

const plugins = ['@rootline/plugin-notes', '@rootline/plugin-audit'];

t.test('every change appears in the audit trail, newest first, with who made it', async (t) => {
  const s = await buildTestServer(t, { plugins });
  await s.request('POST', '/v1/notes', { body: { target: 'a', text: 'by the human' } });
  await s.request('POST', '/v1/notes', { body: { target: 'a', text: 'by an agent' }, token: s.agentToken, headers: { 'x-proposer-model': 'model-x' } });
  const audit = await s.request('GET', '/v1/audit');
  t.equal(audit.statusCode, 200);
  const body = audit.json();
  t.equal(body.total, 2);
  t.same(body.items.map((r: any) => r.actor.kind), ['agent', 'human']);
  t.equal(body.items[0].actor.proposer, 'model-x');
  t.equal(body.items[0].kind, 'note.created.v1');
});

t.test('include keeps only the named kinds and pages without repeats while rows arrive', async (t) => {
  const s = await buildTestServer(t, { plugins });
  for (let i = 0; i < 12; i++) await s.request('POST', '/v1/notes', { body: { target: `t${i}`, text: `note ${i}` } });
  const none = await s.request('GET', '/v1/audit', { query: { include: 'media' } });
  t.same(none.json(), { items: [], next_cursor: null, total: 0 });
  const seen: number[] = [];
  let cursor: string | null = null;
  do {
    const query: Record<string, string | number> = { include: 'note', limit: 5 };
    if (cursor) query.cursor = cursor;
    const page = (await s.request('GET', '/v1/audit', { query })).json();
    seen.push(...page.items.map((r: any) => r.seq));
    cursor = page.next_cursor;
    await s.request('POST', '/v1/notes', { body: { target: 'late', text: 'arrives while paging' } });
  } while (cursor);
  t.equal(seen.length, 12, 'every record that existed when paging began, once');
  t.equal(new Set(seen).size, 12);
  t.same(seen, [...seen].sort((a, b) => b - a), 'newest first');
});

t.test('a bad include is refused, and a cursor of one include is refused under another', async (t) => {
  const s = await buildTestServer(t, { plugins });
  for (let i = 0; i < 3; i++) await s.request('POST', '/v1/notes', { body: { target: 'x', text: String(i) } });
  const bad = await s.request('GET', '/v1/audit', { query: { include: 'Not A Kind' } });
  t.equal(bad.statusCode, 400);
  t.equal(bad.json().code, 'validation-failed');
  const first = (await s.request('GET', '/v1/audit', { query: { include: 'note', limit: 1 } })).json();
  const other = await s.request('GET', '/v1/audit', { query: { include: 'tree', limit: 1, cursor: first.next_cursor } });
  t.equal(other.statusCode, 400);
  t.equal(other.json().code, 'invalid-cursor');
});
