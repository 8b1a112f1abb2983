import t from 'tap';
import { actorValues, entityNotFound, ifNoneMatch } from '../src/index.js';
import { Paging } from '../src/http/paging.js';

t.test('entityNotFound words every unknown entity one way', async (t) => {
  const problem = entityNotFound('persona', 'abc');
  t.match(problem, { status: 404, code: 'not-found', detail: 'There is no persona abc in this tree', extras: { entity: 'persona' } });
});

t.test('actor columns: an agent keeps its proposer, a human never has one', async (t) => {
  t.same(actorValues({ kind: 'agent', credentialId: 'c1', proposer: 'model-x' }), ['agent', 'c1', 'model-x']);
  t.same(actorValues({ kind: 'agent', credentialId: 'c1' }), ['agent', 'c1', null]);
  t.same(actorValues({ kind: 'human', credentialId: 'h', proposer: 'model-x' }), ['human', 'h', null]);
});

t.test('If-None-Match: lists, weak tags and * match; anything else does not', async (t) => {
  const etag = '"sha256:abc"';
  const cases: [string | undefined, boolean][] = [
    [undefined, false], ['', false], ['"sha256:abc"', true], ['W/"sha256:abc"', true], ['"x", "sha256:abc"', true],
    ['  *  ', true], ['"sha256:abd"', false], ['"sha256:ab"', false], ['sha256:abc', false], ['"x",W/"sha256:abc"', true],
  ];
  for (const [header, expected] of cases) t.equal(ifNoneMatch(header, etag), expected, String(header));
  t.equal(ifNoneMatch('"sha256:abc"', 'W/"sha256:abc"'), true, 'a weak tag of ours matches the same opaque tag');
});

t.test('a page window fetches one row past the limit itself and signs the cursor of the last row shown', async (t) => {
  const paging = new Paging(Buffer.alloc(32, 7));
  const rows = Array.from({ length: 7 }, (_, i) => ({ id: i + 1 }));
  const asked: [number | null, number][] = [];
  const fetch = (after: number | null, take: number) => {
    asked.push([after, take]);
    return rows.filter((row) => after === null || row.id > after).slice(0, take);
  };
  const first = paging.open<number>('things', { limit: 3 }).read(fetch, rows.length, (row) => row.id);
  t.same(first.items.map((row) => row.id), [1, 2, 3]);
  t.equal(first.total, 7);
  t.same(asked, [[null, 4]], 'limit + 1 rows asked for');
  const second = paging.open<number>('things', { limit: 3, cursor: first.next_cursor }).read(fetch, () => 7, (row) => row.id, (row) => row.id * 10);
  t.same(second.items, [40, 50, 60], 'shaped');
  const last = paging.open<number>('things', { limit: 3, cursor: second.next_cursor }).read(fetch, 7, (row) => row.id);
  t.same(last.items.map((row) => row.id), [7]);
  t.equal(last.next_cursor, null, 'no cursor after the last page');
  const json = paging.open<number>('things', { limit: 5 }).readJson((after, take) => fetch(after, take).map((row) => ({ item: JSON.stringify(row), key: row.id })), 7);
  const parsed = JSON.parse(json);
  t.same(parsed.items, rows.slice(0, 5));
  t.equal(parsed.total, 7);
  const resumed = paging.open<number>('things', { limit: 5, cursor: parsed.next_cursor }).read(fetch, 7, (row) => row.id);
  t.same(resumed.items.map((row) => row.id), [6, 7], 'a JSON page\'s cursor continues where it stopped');
});
