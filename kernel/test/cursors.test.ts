import t, { type Test } from 'tap';
import { createHmac } from 'node:crypto';
import { buildTestServer, type TestServer } from '@rootline/kernel/testing';
import { jottingsPlugin } from './fixtures/plugins.js';
import { problemOf, refused, type Expected } from './fixtures/tables.js';

/**
 * Cursors (kernel/src/http/paging.ts, CONTRACT §5) as a table: every way a cursor can be
 * changed, cut, forged or carried to another list, query, order or tree. A cursor is
 * `<base64url JSON {f: fingerprint, k: key}>.<HMAC of that text>`; the fingerprint covers
 * the list, the tree of a tree-scoped list and every query parameter but cursor and limit.
 */

const malformed = refused(400, 'invalid-cursor', /^The cursor is malformed$/);
const forged = refused(400, 'invalid-cursor', /not made by this server/);
const foreign = refused(400, 'invalid-cursor', /belongs to another query or order/);

const split = (cursor: string) => cursor.split('.') as [string, string];
const decode = (body: string) => JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as { f: string; k: unknown };
const encode = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64url');
const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);

async function twoTreesWithRows(t: Test) {
  const s = await buildTestServer(t, { builtIn: [jottingsPlugin()], plugins: ['@rootline/plugin-jottings'] });
  const a = s.server.kernel.registry.activeTreeId()!;
  const b = (await s.request('POST', '/v1/trees', { body: { name: 'B' } })).json().tree_id as string;
  for (const tree of [a, b]) {
    for (let i = 0; i < 5; i++) {
      for (const target of ['t1', 't2']) {
        t.equal((await s.request('POST', `/v1/trees/${tree}/jottings`, { body: { target, text: `${tree.slice(-4)} ${target} ${i}` } })).statusCode, 201);
      }
    }
  }
  // With the cursor secret a test can sign what it likes: forged payloads reach the checks
  // after the signature.
  const secret = Buffer.from(s.server.kernel.registry.getSetting('cursor_secret')!, 'hex');
  const sign = (body: string) => `${body}.${createHmac('sha256', secret).update(body).digest('base64url').slice(0, 22)}`;
  return { s, a, b, sign };
}

type Query = Record<string, string | number>;
const page = (s: TestServer, path: string, query: Query) => s.request('GET', path, { query });

t.test('cursor table: changed, cut, forged or carried elsewhere is 400 invalid-cursor', async (t) => {
  const { s, a, b, sign } = await twoTreesWithRows(t);
  const onA = `/v1/trees/${a}/jottings/paged`;
  const onB = `/v1/trees/${b}/jottings/paged`;
  const first = (await page(s, onA, { limit: 2 })).json();
  const cursor: string = first.next_cursor;
  const [body, signature] = split(cursor);
  const payload = decode(body);
  const other: string = (await page(s, onA, { limit: 3 })).json().next_cursor;
  const filtered: string = (await page(s, onA, { limit: 2, target: 't1' })).json().next_cursor;
  const descending: string = (await page(s, onA, { limit: 2, order: 'desc' })).json().next_cursor;
  const specList: string = (await page(s, `/v1/trees/${a}/jottings/spec-paged`, { limit: 2 })).json().next_cursor;
  await s.request('POST', '/v1/trees', { body: { name: 'C' } });
  const treesList: string = (await page(s, '/v1/trees', { limit: 1 })).json().next_cursor;
  const onBCursor: string = (await page(s, onB, { limit: 2 })).json().next_cursor;

  const rows: [name: string, path: string, query: Query, expected: Expected][] = [
    ['the cursor as minted', onA, { limit: 2, cursor }, 'ok'],
    ['the same cursor with another limit (limit is not bound)', onA, { limit: 4, cursor }, 'ok'],
    ['the same tree through the active mount', '/v1/jottings/paged', { limit: 2, cursor }, 'ok'],
    ['tree B\'s own cursor on tree B', onB, { limit: 2, cursor: onBCursor }, 'ok'],
    // Another tree: the same list and query, keys that would even sort sensibly.
    ['a cursor of tree A on tree B (pinned mount)', onB, { limit: 2, cursor }, foreign],
    ['a cursor of tree B on tree A through the active mount', '/v1/jottings/paged', { limit: 2, cursor: onBCursor }, foreign],
    // Another list, query or order.
    ['a cursor of the spec list on the other list', onA, { limit: 2, cursor: specList }, foreign],
    ['a cursor of the other list on the spec list', `/v1/trees/${a}/jottings/spec-paged`, { limit: 2, cursor }, foreign],
    ['a cursor of /v1/trees on a tree list', onA, { limit: 2, cursor: treesList }, foreign],
    ['a tree list\'s cursor on /v1/trees', '/v1/trees', { limit: 2, cursor }, foreign],
    ['minted with target=t1, sent with target=t2', onA, { limit: 2, target: 't2', cursor: filtered }, foreign],
    ['minted with target=t1, sent without a target', onA, { limit: 2, cursor: filtered }, foreign],
    ['minted without a target, sent with one', onA, { limit: 2, target: 't1', cursor }, foreign],
    ['minted desc, sent asc', onA, { limit: 2, order: 'asc', cursor: descending }, foreign],
    ['minted asc (by default), sent desc', onA, { limit: 2, order: 'desc', cursor }, foreign],
    // Changed or forged.
    ['another key in the body, the original signature', onA, { cursor: `${encode({ ...payload, k: '00000000-0000-7000-8000-000000000000' })}.${signature}` }, forged],
    ['another fingerprint in the body, the original signature', onA, { cursor: `${encode({ ...payload, f: 'x'.repeat(16) })}.${signature}` }, forged],
    ['one character of the signature changed', onA, { cursor: `${body}.${flip(signature, 5)}` }, forged],
    ['the last character of the signature changed', onA, { cursor: `${body}.${flip(signature, signature.length - 1)}` }, forged],
    ['the signature one character short', onA, { cursor: `${body}.${signature.slice(0, -1)}` }, forged],
    ['the signature one character long', onA, { cursor: `${body}.${signature}A` }, forged],
    ['the body of one cursor, the signature of another', onA, { cursor: `${body}.${split(other)[1]}` }, forged],
    ['a well-signed body with another fingerprint (as if minted elsewhere)', onA, { cursor: sign(encode({ ...payload, f: 'x'.repeat(16) })) }, foreign],
    ['a well-signed body without a fingerprint', onA, { cursor: sign(encode({ k: payload.k })) }, foreign],
    ['a well-signed body that is not JSON', onA, { cursor: sign(Buffer.from('{not json').toString('base64url')) }, malformed],
    // Cut or padded.
    ['the body alone', onA, { cursor: body }, malformed],
    ['the body and a dot', onA, { cursor: `${body}.` }, malformed],
    ['a dot and the signature', onA, { cursor: `.${signature}` }, malformed],
    ['cut in the middle of the body', onA, { cursor: body.slice(0, 10) }, malformed],
    ['an extra dot part', onA, { cursor: `${cursor}.x` }, malformed],
    ['an extra empty dot part', onA, { cursor: `${cursor}.` }, malformed],
    ['three short parts', onA, { cursor: 'a.b.c' }, malformed],
    ['empty', onA, { cursor: '' }, malformed],
    ['not base64', onA, { cursor: '!!!.###' }, forged],
    ['a plain offset', onA, { cursor: '2' }, malformed],
  ];
  for (const [name, path, query, expected] of rows) {
    const reply = await page(s, path, query);
    if (expected === 'ok') {
      t.equal(reply.statusCode, 200, name);
      continue;
    }
    t.match(problemOf(reply), expected, name);
    t.same(reply.json().errors, [{ location: 'query', name: 'cursor', message: reply.json().detail }], `${name}: names the cursor`);
  }
});

t.test('a cursor continues exactly where its page stopped, on either mount of the same tree', async (t) => {
  const { s, a } = await twoTreesWithRows(t);
  const all = (await page(s, `/v1/trees/${a}/jottings/paged`, { limit: 200 })).json().items.map((row: { id: string }) => row.id);
  t.equal(all.length, 10);
  const first = (await page(s, `/v1/trees/${a}/jottings/paged`, { limit: 3 })).json();
  const pinned = (await page(s, `/v1/trees/${a}/jottings/paged`, { limit: 3, cursor: first.next_cursor })).json();
  const active = (await page(s, '/v1/jottings/paged', { limit: 3, cursor: first.next_cursor })).json();
  t.same(pinned.items.map((row: { id: string }) => row.id), all.slice(3, 6));
  t.same(active, pinned, 'the active mount gives the same page');
  t.equal(pinned.total, 10);
});

t.test('a cursor of the active mount stops working when the active tree switches', async (t) => {
  const { s, a, b } = await twoTreesWithRows(t);
  const cursor = (await page(s, '/v1/jottings/paged', { limit: 2 })).json().next_cursor;
  t.equal((await page(s, '/v1/jottings/paged', { limit: 2, cursor })).statusCode, 200, 'while A is active');
  await s.request('PUT', '/v1/trees/active', { body: { tree_id: b } });
  t.match(problemOf(await page(s, '/v1/jottings/paged', { limit: 2, cursor })), foreign, 'B is active now');
  t.equal((await page(s, `/v1/trees/${a}/jottings/paged`, { limit: 2, cursor })).statusCode, 200, 'still good for tree A itself');
});
