import t from 'tap';
import { Paging, bindQueryToTree } from '../src/http/paging.js';

/** The paging window on its own (kernel/src/http/paging.ts): what binds a cursor, and the JSON envelope. */

const rows = Array.from({ length: 5 }, (_, i) => ({ id: i + 1 }));
const fetch = (after: number | null, take: number) => rows.filter((row) => after === null || row.id > after).slice(0, take);

t.test('a cursor is bound to the parameters, not to their order or to parameters left undefined', async (t) => {
  const paging = new Paging(Buffer.alloc(32, 3));
  const cursor = paging.open<number>('things', { order: 'asc', target: 'x', limit: 2 }).read(fetch, 5, (row) => row.id).next_cursor!;
  const cases: [name: string, query: Record<string, unknown>, ok: boolean][] = [
    ['the same parameters', { order: 'asc', target: 'x', cursor }, true],
    ['the same parameters in another order', { target: 'x', cursor, order: 'asc' }, true],
    ['plus one left undefined', { target: 'x', order: 'asc', cursor, kind: undefined }, true],
    ['another value', { target: 'y', order: 'asc', cursor }, false],
    ['one missing', { order: 'asc', cursor }, false],
    ['one more', { order: 'asc', target: 'x', kind: 'k', cursor }, false],
  ];
  for (const [name, query, ok] of cases) {
    if (ok) t.same(paging.open<number>('things', { ...query, limit: 2 }).read(fetch, 5, (row) => row.id).items, [{ id: 3 }, { id: 4 }], name);
    else t.throws(() => paging.open<number>('things', query), { code: 'invalid-cursor' }, name);
  }
});

t.test('a query bound to a tree gives cursors for that tree only; anything but an object is left alone', async (t) => {
  const paging = new Paging(Buffer.alloc(32, 4));
  const inTree = (tree: string, extra: Record<string, unknown> = {}) => {
    const query: Record<string, unknown> = { limit: 2, ...extra };
    bindQueryToTree(query, tree);
    return query;
  };
  const cursor = paging.open<number>('things', inTree('A')).read(fetch, 5, (row) => row.id).next_cursor!;
  t.same(paging.open<number>('things', inTree('A', { cursor })).read(fetch, 5, (row) => row.id).items, [{ id: 3 }, { id: 4 }]);
  t.same(paging.open<number>('things', { ...inTree('A'), cursor }).read(fetch, 5, (row) => row.id).items, [{ id: 3 }, { id: 4 }], 'a spread copy keeps the tree');
  t.throws(() => paging.open<number>('things', inTree('B', { cursor })), { code: 'invalid-cursor' }, 'another tree');
  t.throws(() => paging.open<number>('things', { limit: 2, cursor }), { code: 'invalid-cursor' }, 'no tree');
  for (const value of [undefined, null, 'text', 5]) t.doesNotThrow(() => bindQueryToTree(value, 'A'), String(value));
});

t.test('the JSON envelope: items as given, next_cursor null on the last page, total', async (t) => {
  const paging = new Paging(Buffer.alloc(32, 5));
  const asJson = (after: number | null, take: number) => fetch(after, take).map((row) => ({ item: JSON.stringify(row), key: row.id }));
  const first = JSON.parse(paging.open<number>('things', { limit: 3 }).readJson(asJson, () => 5));
  t.same(first.items, [{ id: 1 }, { id: 2 }, { id: 3 }]);
  t.equal(first.total, 5);
  const last = paging.open<number>('things', { limit: 3, cursor: first.next_cursor }).readJson(asJson, 5);
  t.equal(last, '{"items":[{"id":4},{"id":5}],"next_cursor":null,"total":5}');
  t.equal(paging.open<number>('things', {}).readJson(() => [], 0), '{"items":[],"next_cursor":null,"total":0}');
});
