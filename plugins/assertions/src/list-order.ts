import { AssertionProblems } from './errors.js';
import type { SortOrder } from './queries.js';

/** `sort` (only `created`) and `order` of every claim list; wrong values are 400 invalid-sort / invalid-order. */
export function listOrder(query: { sort?: string; order?: string }): SortOrder {
  if (query.sort !== undefined && query.sort !== 'created') throw AssertionProblems.invalidSort(query.sort);
  if (query.order !== undefined && query.order !== 'asc' && query.order !== 'desc') throw AssertionProblems.invalidOrder(query.order);
  return query.order ?? 'asc';
}
