import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';

t.test('jsonRows: each row\'s JSON, built by SQLite, parsed, in the query\'s order, with its parameters', async (t) => {
  const s = await buildTestServer(t);
  const tree = s.server.kernel.trees.active();
  const rows = tree.jsonRows<{ n: number; name: string | null }>(
    "SELECT json_object('n', value, 'name', CASE WHEN value = ? THEN NULL ELSE 'row ' || value END) FROM json_each(?) ORDER BY value DESC",
    2,
    '[1, 3, 2]',
  );
  t.same(rows, [{ n: 3, name: 'row 3' }, { n: 2, name: null }, { n: 1, name: 'row 1' }]);
  t.same(tree.jsonRows("SELECT json_object('n', 1) WHERE 0"), [], 'no rows: an empty list');
});
