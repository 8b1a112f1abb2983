import t from 'tap';
import type { TestServer } from '@rootline/kernel/testing';
import { claim, conclude, db, list, ok, otherTree, persona, personNamed, personsServer, walk } from './fixtures/helpers.js';
import { SORTS, sortedSql } from '../src/list.js';

/** A person over a new persona, with a confirmed birth claim when `birth` is given. */
async function born(s: TestServer, body: Record<string, unknown>, birth?: string, prefix = '/v1') {
  const id = await persona(s, body, prefix);
  if (birth) await claim(s, { persona: id, kind: 'birth', date: birth }, 'human', prefix);
  return conclude(s, [id], prefix);
}

const namesOf = (items: { display_name: string }[]) => items.map((item) => item.display_name);

t.test('sort and order are checked; unknown parameters and limits follow the list rules', async (t) => {
  const s = await personsServer(t);
  await personNamed(s, { given: 'Ann' });
  const bad = await s.request('GET', '/v1/persons', { query: { sort: 'age' } });
  t.equal(bad.statusCode, 400);
  t.match(bad.json(), { code: 'invalid-sort', errors: [{ location: 'query', name: 'sort' }] });
  t.equal((await s.request('GET', '/v1/persons', { query: { order: 'up' } })).json().code, 'invalid-order');
  t.equal((await s.request('GET', '/v1/persons', { query: { order: 'up', q: 'ann' } })).json().code, 'invalid-order', 'also with q');
  const unknown = await s.request('GET', '/v1/persons', { query: { surname: 'Smith' } });
  t.equal(unknown.statusCode, 400);
  t.equal(unknown.json().code, 'unknown-query-parameter');
  t.equal((await s.request('GET', '/v1/persons', { query: { limit: 'ten' } })).statusCode, 400);
  t.equal((await s.request('GET', '/v1/persons', { query: { q: '' } })).statusCode, 400, 'an empty q is refused');
  for (const sort of SORTS) t.equal((await s.request('GET', '/v1/persons', { query: { sort, order: 'desc' } })).statusCode, 200, sort);
});

t.test('limit is clamped to 1..500 (default 100); total counts every match', async (t) => {
  const s = await personsServer(t);
  for (let i = 0; i < 3; i++) await personNamed(s, { given: `P${i}` });
  t.equal((await list(s, { limit: 0 })).items.length, 1, 'limit 0 reads as 1');
  t.equal((await list(s, { limit: 100000 })).items.length, 3);
  const page = await list(s, { limit: 2 });
  t.equal(page.total, 3);
  t.type(page.next_cursor, 'string');
  const last = await list(s, { limit: 2, cursor: page.next_cursor });
  t.same([last.items.length, last.next_cursor, last.total], [1, null, 3]);
});

t.test('each sort orders before paging, in both orders; missing surnames and births sort last', async (t) => {
  const s = await personsServer(t);
  const agnes = await born(s, { given: 'Ágnes', surname: 'Zöld' }, '1860');
  const bert = await born(s, { given: 'Bert', surname: 'Adams' }, 'ABT 1850');
  const carl = await born(s, { given: 'carl', surname: 'van der Berg' }, '2 JAN 1850');
  const dora = await born(s, { given: 'Dora' });
  const emil = await born(s, { given: 'Emil', surname: 'Adams' });

  t.same(namesOf(await walk(s, { limit: 2 })), ['Ágnes Zöld', 'Bert Adams', 'carl van der Berg', 'Dora', 'Emil Adams'], 'default: name, asc, accent and case blind');
  t.same(namesOf(await walk(s, { sort: 'name', order: 'desc', limit: 2 })), ['Emil Adams', 'Dora', 'carl van der Berg', 'Bert Adams', 'Ágnes Zöld']);
  t.same(namesOf(await walk(s, { sort: 'surname', limit: 2 })), ['Bert Adams', 'Emil Adams', 'carl van der Berg', 'Ágnes Zöld', 'Dora'], 'surname then given; "van der Berg" under B; no surname last');
  t.same(namesOf(await walk(s, { sort: 'surname', order: 'desc', limit: 2 })), ['Ágnes Zöld', 'carl van der Berg', 'Emil Adams', 'Bert Adams', 'Dora'], 'no surname last in desc too');
  const byBirth = await walk(s, { sort: 'birth', limit: 2 });
  t.same(byBirth.map((item) => item.id).slice(0, 3), [bert.id, carl.id, agnes.id], 'ABT 1850 sorts at 1850, before 2 JAN 1850');
  t.same(byBirth.map((item) => item.id).slice(3).sort(), [dora.id, emil.id].sort(), 'persons without a birth last');
  const desc = await walk(s, { sort: 'birth', order: 'desc', limit: 2 });
  t.same(desc.map((item) => item.id).slice(0, 3), [agnes.id, carl.id, bert.id]);
  t.same(desc.map((item) => item.id).slice(3).sort(), [dora.id, emil.id].sort(), 'still last in desc');

  await ok(s.request('PUT', `/v1/persons/${carl.id}/living-status`, { body: { living: false } }));
  const updated = await walk(s, { sort: 'updated', order: 'desc', limit: 2 });
  t.equal(updated[0].id, carl.id, 'the person changed last comes first in updated desc');
  t.same(namesOf(await walk(s, { sort: 'updated', limit: 10 })).slice(0, 2), ['Ágnes Zöld', 'Bert Adams']);
});

t.test('a cursor walk never repeats or skips a row while persons are added', async (t) => {
  const s = await personsServer(t);
  const start: string[] = [];
  for (const year of [1800, 1810, 1820, 1830, 1840, 1850]) start.push((await born(s, { given: `Born${year}` }, String(year))).id);
  for (let i = 0; i < 3; i++) start.push((await born(s, { given: `Unknown${i}` })).id);
  for (const order of ['asc', 'desc']) {
    const seen: any[] = [];
    let cursor: string | null = null;
    let added = 0;
    do {
      const page: any = await list(s, { sort: 'birth', order, limit: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...page.items);
      cursor = page.next_cursor;
      // Rows land before and after the cursor, and among the persons without a birth.
      await born(s, { given: `Added${order}${added++}` }, '1805');
      await born(s, { given: `Added${order}${added++}` }, '1845');
      await born(s, { given: `Added${order}${added++}` });
    } while (cursor);
    const ids = seen.map((item) => item.id);
    t.equal(new Set(ids).size, ids.length, `${order}: no row twice`);
    t.ok(start.every((id) => ids.includes(id)), `${order}: every row that existed at the start is seen`);
    const keys = seen.map((item) => item.birth?.sort_date ?? null);
    const keyed = keys.filter((key) => key !== null);
    t.same(keyed, [...keyed].sort((a, b) => (order === 'asc' ? (a < b ? -1 : 1) : a < b ? 1 : -1)), `${order}: in birth order`);
    t.ok(keys.indexOf(null) === -1 || keys.slice(keys.indexOf(null)).every((key) => key === null), `${order}: births first, then the rest`);
  }
});

t.test('cursors belong to their query and tree; the pinned mount lists its own tree', async (t) => {
  const s = await personsServer(t);
  const other = await otherTree(s);
  for (let i = 0; i < 3; i++) await personNamed(s, { given: `Here${i}` });
  const there = await born(s, { given: 'There' }, '1900', other.prefix);
  const page = await list(s, { sort: 'birth', limit: 1 });
  t.equal((await s.request('GET', '/v1/persons', { query: { sort: 'name', limit: 1, cursor: page.next_cursor } })).json().code, 'invalid-cursor', 'another sort');
  t.equal((await s.request('GET', '/v1/persons', { query: { sort: 'birth', order: 'desc', limit: 1, cursor: page.next_cursor } })).json().code, 'invalid-cursor', 'another order');
  t.equal((await s.request('GET', `${other.prefix}/persons`, { query: { sort: 'birth', limit: 1, cursor: page.next_cursor } })).json().code, 'invalid-cursor', 'another tree');
  const pinned = await list(s, { sort: 'birth' }, other.prefix);
  t.same([pinned.total, pinned.items.map((item: { id: string }) => item.id)], [1, [there.id]]);
  t.equal((await list(s, {})).total, 3);
});

t.test('every sorted page is one range of its index, whatever its depth', async (t) => {
  const s = await personsServer(t);
  const tree = db(s);
  const positions = [null, [0, 'k', 'id'], [1, null, 'id']] as const;
  for (const sort of SORTS) {
    for (const order of ['asc', 'desc'] as const) {
      for (const after of positions) {
        const { keyed, keyless } = sortedSql(sort, order, after as never);
        for (const sql of [keyed, keyless]) {
          if (!sql) continue;
          const plan = (tree.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...Array.from({ length: (sql.match(/\?/g) ?? []).length }, () => null)) as { detail: string }[]).map((row) => row.detail);
          const main = plan.find((detail) => /\bp\b/.test(detail) && /INDEX persons_by_/.test(detail));
          // The first page of a sort without missing keys walks the index from its start (SCAN ... USING INDEX, stopped by LIMIT).
          t.ok(main && (/^SEARCH p USING/.test(main) || (after === null && /^SCAN p USING INDEX/.test(main))), `${sort} ${order} ${after?.[0] ?? 'first'}: ${main}`);
          t.notOk(plan.some((detail) => detail.includes('TEMP B-TREE')), `${sort} ${order}: no sorting step`);
        }
      }
    }
  }
});

t.test('while a first import has the sort indexes set aside, every sort still answers, in the same order', async (t) => {
  const s = await personsServer(t);
  for (const [given, birth] of [['Cora', '1850'], ['Abel', undefined], ['Bea', '1820']] as const) await born(s, { given, surname: 'Hill' }, birth);
  await personNamed(s, { given: 'Dan' });
  const pages = async () => Object.fromEntries(await Promise.all(SORTS.flatMap((sort) => (['asc', 'desc'] as const).map(async (order) => [`${sort} ${order}`, namesOf(await walk(s, { sort, order, limit: 2 }))]))));
  const before = await pages();
  const tree = s.server.kernel.trees.active();
  const setAside = tree.startBulkLoad();
  t.ok(['persons_by_name', 'persons_by_surname', 'persons_by_birth', 'persons_by_updated'].every((index) => setAside.includes(index)), 'the new tree\'s sort indexes are set aside');
  t.same(await pages(), before, 'every sort and order, paged, as with its index (no 500 "no such index")');
  await tree.finishBulkLoad();
  t.same(await pages(), before, 'and after the indexes are back');
});
