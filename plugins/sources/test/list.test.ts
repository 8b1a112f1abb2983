import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';

const plugins = ['@rootline/plugin-sources'];

t.test('the source list filters by title before paging, and a cursor walk sees every match once', async (t) => {
  const s = await buildTestServer(t, { plugins });
  const titles = [
    ...Array.from({ length: 7 }, (_, i) => `Parish register of St. Mary, Luton, volume ${i + 1}`),
    ...Array.from({ length: 5 }, (_, i) => `1881 census of England, piece ${1630 + i}`),
    'ÖSTERREICH, Matriken der Pfarre St. Stephan',
  ];
  for (const title of titles) t.equal((await s.request('POST', '/v1/sources', { body: { title } })).statusCode, 200);

  const all = await s.request('GET', '/v1/sources');
  t.equal(all.json().total, 13);
  t.equal(all.json().items.length, 13);
  t.same(Object.keys(all.json().items[0]).sort(), ['claim_count', 'created_at_ms', 'id', 'source_type', 'title'], 'light rows');
  t.equal(all.json().next_cursor, null);

  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query: Record<string, string | number> = { q: 'ST. MARY', limit: 3, ...(cursor ? { cursor } : {}) };
    const page = (await s.request('GET', '/v1/sources', { query })).json();
    t.equal(page.total, 7, 'total counts the matches, not the page');
    seen.push(...page.items.map((row: { title: string }) => row.title));
    cursor = page.next_cursor;
    pages++;
  } while (cursor);
  t.equal(pages, 3);
  t.same(seen, titles.slice(0, 7), 'every match once, oldest first');

  t.equal((await s.request('GET', '/v1/sources', { query: { q: 'österreich' } })).json().total, 1, 'case folding beyond ASCII');
  t.equal((await s.request('GET', '/v1/sources', { query: { q: '   ' } })).json().total, 13, 'blank q is unfiltered');
  t.equal((await s.request('GET', '/v1/sources', { query: { q: '%' } })).json().total, 0, 'q is a plain substring, not a pattern');

  const first = (await s.request('GET', '/v1/sources', { query: { q: 'census', limit: 2 } })).json();
  const foreign = await s.request('GET', '/v1/sources', { query: { q: 'parish', cursor: first.next_cursor } });
  t.equal(foreign.statusCode, 400, 'a cursor belongs to its query');
  t.equal(foreign.json().code, 'invalid-cursor');
  t.equal((await s.request('GET', '/v1/sources', { query: { limit: 9999 } })).json().items.length, 13, 'limit is clamped, not refused');
  t.equal((await s.request('GET', '/v1/sources', { query: { title: 'x' } })).json().code, 'unknown-query-parameter');
});
