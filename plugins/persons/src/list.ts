import { Problems, type Tree } from '@rootline/kernel';
import { PERSON_COLUMNS, type PersonRow } from './store.js';

export const SORTS = ['name', 'surname', 'birth', 'updated'] as const;
export type PersonSort = (typeof SORTS)[number];
export type SortOrder = 'asc' | 'desc';

/** `sort` and `order` of the list (400 invalid-sort / invalid-order), checked even when `q` makes them moot. */
export function listOrder(query: { sort?: string; order?: string }): { sort: PersonSort; order: SortOrder } {
  if (query.sort !== undefined && !(SORTS as readonly string[]).includes(query.sort)) {
    throw Problems.invalidSort(`Unknown sort ${JSON.stringify(query.sort)}: use one of ${SORTS.join(', ')}`, { errors: [{ location: 'query', name: 'sort', message: `must be one of ${SORTS.join(', ')}` }] });
  }
  if (query.order !== undefined && query.order !== 'asc' && query.order !== 'desc') {
    throw Problems.invalidOrder(`Unknown order ${JSON.stringify(query.order)}: use asc or desc`, { errors: [{ location: 'query', name: 'order', message: 'must be asc or desc' }] });
  }
  return { sort: (query.sort ?? 'name') as PersonSort, order: query.order ?? 'asc' };
}

/**
 * Each sort reads one partial index of migrations/001 (`(column, id) WHERE status = 'active'`).
 * A nullable key (no surname, no birth) sorts last in either order: the list is the rows with
 * a key, in key order, then the rows without one, in id order.
 */
const COLUMNS: Record<PersonSort, { column: string; index: string; nullable: boolean }> = {
  name: { column: 'name_key', index: 'persons_by_name', nullable: false },
  surname: { column: 'surname_key', index: 'persons_by_surname', nullable: true },
  birth: { column: 'birth_sort', index: 'persons_by_birth', nullable: true },
  updated: { column: 'updated_at_ms', index: 'persons_by_updated', nullable: false },
};

/** Keyset position: [0, key, id] among rows with a key, [1, null, id] among those without. */
export type SortKey = [0 | 1, string | number | null, string];
export type SortedRow = PersonRow & { sort_key: string | number | null };

export const keyOfSorted = (row: SortedRow): SortKey => [row.sort_key === null ? 1 : 0, row.sort_key, row.id];

/** Names the sort's index in the SQL (`Tree.indexedBy`: nothing while a first import has it set aside). */
const namedIndex = (index: string) => `INDEXED BY ${index}`;

/**
 * The SQL of one page: `keyed` reads the rows with a key after `after` (absent after the
 * keyed rows are done), `keyless` the rows without one (nullable sorts only). Each is one
 * range of the sort's index, in index order (no sorting step), so a page deep in the list
 * costs what the first does. The index is named: without statistics the planner may prefer
 * another; `indexedBy` leaves it out while a first import has it set aside (the page is then a
 * scan and a sort, with the same rows).
 */
export function sortedSql(sort: PersonSort, order: SortOrder, after: SortKey | null, indexedBy: (index: string) => string = namedIndex): { keyed: string | null; keyless: string | null } {
  const { column, index, nullable } = COLUMNS[sort];
  const [cmp, dir] = order === 'asc' ? ['>', 'ASC'] : ['<', 'DESC'];
  const select = `SELECT ${PERSON_COLUMNS}, p.${column} AS sort_key FROM persons p ${indexedBy(index)} WHERE p.status = 'active'`;
  const keyed = after === null || after[0] === 0
    ? `${select} ${nullable ? `AND p.${column} IS NOT NULL` : ''} ${after ? `AND (p.${column}, p.id) ${cmp} (?, ?)` : ''} ORDER BY p.${column} ${dir}, p.id ${dir} LIMIT ?`
    : null;
  const keyless = nullable ? `${select} AND p.${column} IS NULL ${after?.[0] === 1 ? `AND p.id ${cmp} ?` : ''} ORDER BY p.id ${dir} LIMIT ?` : null;
  return { keyed, keyless };
}

/** One page of active persons in `sort` order after the keyset position `after`. */
export function sortedPage(tree: Tree, sort: PersonSort, order: SortOrder, after: SortKey | null, take: number): SortedRow[] {
  const { keyed, keyless } = sortedSql(sort, order, after, (index) => tree.indexedBy(index));
  const rows: SortedRow[] = keyed ? (tree.prepare(keyed).all(...(after ? [after[1], after[2]] : []), take) as SortedRow[]) : [];
  if (keyless && rows.length < take) {
    rows.push(...(tree.prepare(keyless).all(...(after?.[0] === 1 ? [after[2]] : []), take - rows.length) as SortedRow[]));
  }
  return rows;
}

/** Active persons, from the count the triggers keep. */
export function activeCount(tree: Tree): number {
  return tree.prepare('SELECT active FROM person_counts WHERE id = 1').pluck().get() as number;
}
