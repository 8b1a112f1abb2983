import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';
import { LIST_LIMITS, SPEC_LIST_LIMITS } from '../src/index.js';
import { Paging } from '../src/http/paging.js';
import { jottingsPlugin } from './fixtures/plugins.js';
import { problemOf, refused, type Expected } from './fixtures/tables.js';

/**
 * `limit` (CONTRACT §5): an integer, clamped to 1..500 (default 100) on the lists the spec
 * names and to 1..200 (default 50) on every other list; a non-integer is 400. The fixture
 * plugin serves the same 600 rows as a spec list and as another list, so every cap is
 * really reached.
 */

const ROWS = 600;
const notInteger = refused(400, 'validation-failed', /limit must be integer/);

type Row = [limit: string | number | undefined, expected: number | Expected];

const specRows: Row[] = [
  [undefined, 100], [0, 1], [1, 1], [2, 2], [99, 99], [100, 100], [101, 101], [499, 499], [500, 500], [501, 500], [100_000, 500],
  [-1, 1], [-500, 1], [1.5, notInteger], ['abc', notInteger], ['', notInteger], ['1.0e-1', notInteger],
];
const otherRows: Row[] = [
  [undefined, 50], [0, 1], [1, 1], [2, 2], [49, 49], [50, 50], [51, 51], [199, 199], [200, 200], [201, 200], [500, 200], [501, 200],
  [-1, 1], [1.5, notInteger], ['abc', notInteger], ['', notInteger],
];

t.test('limit table on a spec list (1..500, default 100) and another list (1..200, default 50)', async (t) => {
  const s = await buildTestServer(t, { builtIn: [jottingsPlugin()], plugins: ['@rootline/plugin-jottings'] });
  const tree = s.server.kernel.trees.active();
  const insert = tree.db.prepare('INSERT INTO jottings (id, target, text) VALUES (?, ?, ?)');
  tree.db.transaction(() => {
    for (let i = 0; i < ROWS; i++) insert.run(s.server.kernel.ids.next(), 'bulk', `row ${i}`);
  })();
  const ordered = (tree.db.prepare('SELECT id FROM jottings ORDER BY id').all() as { id: string }[]).map((row) => row.id);
  for (const [path, rows] of [['/v1/jottings/spec-paged', specRows], ['/v1/jottings/paged', otherRows]] as const) {
    for (const [limit, expected] of rows) {
      const name = `${path} limit=${JSON.stringify(limit)}`;
      const reply = await s.request('GET', path, { query: limit === undefined ? {} : { limit } });
      if (typeof expected === 'number') {
        t.equal(reply.statusCode, 200, name);
        const body = reply.json();
        t.equal(body.items.length, expected, `${name}: ${expected} rows`);
        t.same(body.items.map((row: { id: string }) => row.id), ordered.slice(0, expected), `${name}: the first ${expected} rows in order`);
        t.equal(body.total, ROWS, `${name}: total counts every row`);
        t.type(body.next_cursor, 'string', `${name}: more rows follow`);
        const next = (await s.request('GET', path, { query: { limit: expected, cursor: body.next_cursor } })).json();
        t.equal(next.items[0].id, ordered[expected], `${name}: the next page starts at row ${expected + 1}`);
      } else {
        t.match(problemOf(reply), expected, name);
        t.same(reply.json().errors, [{ location: 'query', name: 'limit', message: 'must be integer' }], `${name}: names limit`);
      }
    }
  }
});

t.test('the last page has next_cursor null, and a limit above the rows left still ends there', async (t) => {
  const s = await buildTestServer(t, { builtIn: [jottingsPlugin()], plugins: ['@rootline/plugin-jottings'] });
  for (let i = 0; i < 3; i++) await s.request('POST', '/v1/jottings', { body: { target: 'x', text: `j${i}` } });
  for (const limit of [3, 4, 500]) {
    const body = (await s.request('GET', '/v1/jottings/spec-paged', { query: { limit } })).json();
    t.equal(body.items.length, 3, `limit ${limit}`);
    t.equal(body.next_cursor, null, `limit ${limit}: no next page`);
  }
  const two = (await s.request('GET', '/v1/jottings/spec-paged', { query: { limit: 2 } })).json();
  t.type(two.next_cursor, 'string', 'limit 2 of 3: another page');
  const rest = (await s.request('GET', '/v1/jottings/spec-paged', { query: { limit: 2, cursor: two.next_cursor } })).json();
  t.same({ n: rest.items.length, next: rest.next_cursor, total: rest.total }, { n: 1, next: null, total: 3 });
});

t.test('the window clamps what a caller passes directly: fractions are cut, bounds default to the other lists', async (t) => {
  const paging = new Paging(Buffer.alloc(32, 1));
  const cases: [limit: number | undefined, bounds: typeof LIST_LIMITS | undefined, expected: number][] = [
    [undefined, undefined, 50], [undefined, SPEC_LIST_LIMITS, 100], [2.9, undefined, 2], [0.5, undefined, 1], [-0.5, SPEC_LIST_LIMITS, 1],
    [200.7, undefined, 200], [500.9, SPEC_LIST_LIMITS, 500], [Infinity, undefined, 200], [-Infinity, SPEC_LIST_LIMITS, 1],
  ];
  for (const [limit, bounds, expected] of cases) {
    t.equal(paging.open('things', { limit }, bounds).limit, expected, `limit ${limit} within ${bounds === SPEC_LIST_LIMITS ? 'spec' : 'other'} bounds`);
  }
  t.same(SPEC_LIST_LIMITS, { max: 500, default: 100 });
  t.same(LIST_LIMITS, { max: 200, default: 50 });
});
