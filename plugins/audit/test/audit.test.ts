import t from 'tap';
import { buildTestServer, type TestServer } from '@rootline/kernel/testing';
import { AUDIT_WITH_RECORDER } from './fixtures/recorder.js';

const happen = async (s: TestServer, kind: string, options: { token?: string; headers?: Record<string, string> } = {}) => {
  const reply = await s.request('POST', '/v1/happenings', { body: { kind }, ...options });
  if (reply.statusCode !== 201) throw new Error(`recording ${kind} failed: ${reply.statusCode} ${reply.body}`);
};

const kindsOf = (page: { items: { kind: string }[] }) => page.items.map((record) => record.kind);

t.test('every change appears in the audit trail, newest first, with who made it', async (t) => {
  const s = await buildTestServer(t, AUDIT_WITH_RECORDER);
  await happen(s, 'note.created.v1');
  await happen(s, 'note.created.v1', { token: s.agentToken, headers: { 'x-proposer-model': 'model-x' } });
  const audit = await s.request('GET', '/v1/audit');
  t.equal(audit.statusCode, 200);
  const body = audit.json();
  t.equal(body.total, 2);
  t.same(body.items.map((r: any) => r.actor.kind), ['agent', 'human']);
  t.equal(body.items[0].actor.proposer, 'model-x');
  t.equal(body.items[0].actor.credential_id, s.agentCredentialId);
  t.notOk('proposer' in body.items[1].actor, 'a human has no proposer');
  t.equal(body.items[0].kind, 'note.created.v1');
});

t.test('include keeps only the named kinds, total counts only those, and nothing else slips in', async (t) => {
  const s = await buildTestServer(t, AUDIT_WITH_RECORDER);
  // Interleaved, and with `notebook`, which starts with the letters "note" but is another noun.
  for (const kind of ['note.created.v1', 'media.linked.v1', 'notebook.opened.v1', 'note.created.v1', 'assertion.proposed.v1', 'note.deleted.v1', 'media.linked.v1']) await happen(s, kind);
  const all = (await s.request('GET', '/v1/audit')).json();
  t.equal(all.total, 7, 'without include, everything');

  const notes = (await s.request('GET', '/v1/audit', { query: { include: 'note' } })).json();
  t.same(kindsOf(notes), ['note.deleted.v1', 'note.created.v1', 'note.created.v1'], 'only note.*, newest first');
  t.equal(notes.total, 3, 'total counts the matches, not the whole log');
  t.equal(notes.next_cursor, null);

  const created = (await s.request('GET', '/v1/audit', { query: { include: 'note.created' } })).json();
  t.same(kindsOf(created), ['note.created.v1', 'note.created.v1'], 'a longer prefix narrows to that verb');
  t.equal(created.total, 2);

  const two = (await s.request('GET', '/v1/audit', { query: { include: 'media, note' } })).json();
  t.same(kindsOf(two), ['media.linked.v1', 'note.deleted.v1', 'note.created.v1', 'media.linked.v1', 'note.created.v1'], 'several prefixes keep each');
  t.equal(two.total, 5);

  const none = await s.request('GET', '/v1/audit', { query: { include: 'blob' } });
  t.same(none.json(), { items: [], next_cursor: null, total: 0 }, 'a prefix nothing has');
});

t.test('include pages without repeats or strangers while rows of every kind arrive', async (t) => {
  const s = await buildTestServer(t, AUDIT_WITH_RECORDER);
  for (let i = 0; i < 12; i++) {
    await happen(s, 'note.created.v1');
    if (i % 2 === 0) await happen(s, 'media.linked.v1');
  }
  const seen: number[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  do {
    const query: Record<string, string | number> = { include: 'note', limit: 5 };
    if (cursor) query.cursor = cursor;
    const page = (await s.request('GET', '/v1/audit', { query })).json();
    t.ok(page.items.every((r: any) => r.kind.startsWith('note.')), 'only notes on every page');
    seen.push(...page.items.map((r: any) => r.seq));
    totals.push(page.total);
    cursor = page.next_cursor;
    await happen(s, 'note.created.v1');
    await happen(s, 'media.linked.v1');
  } while (cursor);
  t.equal(seen.length, 12, 'every note record that existed when paging began, once');
  t.equal(new Set(seen).size, 12);
  t.same(seen, [...seen].sort((a, b) => b - a), 'newest first');
  t.same(totals, [12, 13, 14], 'total counts the matching rows at the time of each page (one note arrived after each)');
});

t.test('a bad include is refused, and a cursor of one include is refused under another', async (t) => {
  const s = await buildTestServer(t, AUDIT_WITH_RECORDER);
  for (let i = 0; i < 3; i++) await happen(s, 'note.created.v1');
  const bad = await s.request('GET', '/v1/audit', { query: { include: 'Not A Kind' } });
  t.equal(bad.statusCode, 400);
  t.match(bad.json(), {
    code: 'validation-failed',
    detail: '"Not A Kind" is not a record kind prefix',
    errors: [{ location: 'query', name: 'include', message: 'must be comma-separated kind prefixes like assertion or note.created' }],
  });
  for (const include of ['note.Created', 'note!', 'note.', 'note,Media', '1note', 'note created']) {
    const reply = await s.request('GET', '/v1/audit', { query: { include } });
    t.equal(reply.statusCode, 400, `include=${include}`);
    t.match(reply.json(), { code: 'validation-failed', detail: /is not a record kind prefix/ }, `include=${include}`);
  }
  const first = (await s.request('GET', '/v1/audit', { query: { include: 'note', limit: 1 } })).json();
  const other = await s.request('GET', '/v1/audit', { query: { include: 'tree', limit: 1, cursor: first.next_cursor } });
  t.equal(other.statusCode, 400);
  t.equal(other.json().code, 'invalid-cursor');
  const reordered = await s.request('GET', '/v1/audit', { query: { include: ' note ,note', limit: 1, cursor: first.next_cursor } });
  t.equal(reordered.statusCode, 200, 'the same filter spelt differently keeps its cursor');
  for (let i = 0; i < 2; i++) await happen(s, 'media.linked.v1');
  const two = (await s.request('GET', '/v1/audit', { query: { include: 'note,media', limit: 1 } })).json();
  const swapped = await s.request('GET', '/v1/audit', { query: { include: 'media, note', limit: 1, cursor: two.next_cursor } });
  t.equal(swapped.statusCode, 200, 'the prefixes in another order keep the cursor');
  t.equal(swapped.json().total, 5);
  const run = await s.request('GET', '/v1/audit', { query: { include: 'medianote', limit: 1, cursor: two.next_cursor } });
  t.equal(run.statusCode, 400, 'the prefixes run together are another filter');
  t.equal(run.json().code, 'invalid-cursor');
});
