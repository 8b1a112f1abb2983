import { createHmac, timingSafeEqual } from 'node:crypto';
import { Problems } from '../errors.js';

/** Limit bounds: the spec's lists clamp to 1..500 (default 100), every other list to 1..200 (default 50). */
export interface LimitBounds {
  max: number;
  default: number;
}
export const SPEC_LIST_LIMITS: LimitBounds = { max: 500, default: 100 };
export const LIST_LIMITS: LimitBounds = { max: 200, default: 50 };

export interface PageWindow<K> {
  /** Rows per page, clamped to the list's bounds. */
  limit: number;
  /**
   * One page: calls `fetch(after, take)` for up to `take` (= limit + 1) rows after the
   * keyset position `after` (null on the first page) — the extra row tells whether another
   * page exists — and builds `{ items, next_cursor, total }`.
   */
  read<Row, Item = Row>(fetch: (after: K | null, take: number) => Row[], total: number | (() => number), keyOf: (row: Row) => K, shape?: (row: Row) => Item): PageEnvelope<Item>;
  /**
   * The same envelope as a JSON string, from rows whose item is already JSON (built by
   * SQLite with json_object): one string per row crosses into JavaScript instead of a
   * value per column, and nothing is serialised again.
   */
  readJson(fetch: (after: K | null, take: number) => { item: string; key: K }[], total: number | (() => number)): string;
}

export interface PageEnvelope<Item> {
  items: Item[];
  next_cursor: string | null;
  total: number;
}

/**
 * The tree a request's query belongs to. The tree mounts set it on `request.query` when they
 * resolve the tree, so every list a tree plugin opens from its query (or a copy made with
 * spread) binds its cursors to that tree, whichever mount minted them: a cursor of tree A
 * presented to tree B's list (pinned mount, or the active mount after a switch) is refused.
 */
const TREE_OF_QUERY = Symbol('rootline.treeOfQuery');

export function bindQueryToTree(query: unknown, treeId: string): void {
  if (query && typeof query === 'object') (query as Record<symbol, string>)[TREE_OF_QUERY] = treeId;
}

function clampLimit(limit: number | undefined, bounds: LimitBounds): number {
  if (limit === undefined) return bounds.default;
  return Math.min(bounds.max, Math.max(1, Math.trunc(limit)));
}

/**
 * Keyset cursors (never offsets). A cursor carries the list name, a fingerprint of the
 * query that minted it (every parameter but `cursor` and `limit`, `order` included, and the
 * tree of a tree-scoped list) and the last row's key, signed so a changed or foreign cursor
 * is refused with 400.
 */
export class Paging {
  constructor(private readonly secret: Buffer) {}

  open<K>(list: string, query: Record<string, unknown>, bounds: LimitBounds = LIST_LIMITS): PageWindow<K> {
    const limit = clampLimit(query.limit as number | undefined, bounds);
    const fingerprint = this.fingerprint(list, query);
    const after = typeof query.cursor === 'string' ? (this.decode(query.cursor, fingerprint) as K) : null;
    const count = (total: number | (() => number)) => (typeof total === 'function' ? total() : total);
    // The extra row fetched past `limit` only says that another page exists.
    const visibleOf = <Row>(rows: Row[]) => ({ more: rows.length > limit, visible: rows.slice(0, limit) });
    return {
      limit,
      read: (fetch, total, keyOf, shape) => {
        const { more, visible } = visibleOf(fetch(after, limit + 1));
        return {
          items: shape ? visible.map(shape) : (visible as never[]),
          next_cursor: more ? this.encode(fingerprint, keyOf(visible[visible.length - 1])) : null,
          total: count(total),
        };
      },
      readJson: (fetch, total) => {
        const { more, visible } = visibleOf(fetch(after, limit + 1));
        const next = more ? JSON.stringify(this.encode(fingerprint, visible[visible.length - 1].key)) : 'null';
        return `{"items":[${visible.map((row) => row.item).join(',')}],"next_cursor":${next},"total":${count(total)}}`;
      },
    };
  }

  private fingerprint(list: string, query: Record<string, unknown>): string {
    const entries = Object.entries(query)
      .filter(([name, value]) => name !== 'cursor' && name !== 'limit' && value !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    const tree = (query as Record<symbol, string | undefined>)[TREE_OF_QUERY] ?? null;
    return createHmac('sha256', this.secret).update(JSON.stringify([list, tree, entries])).digest('base64url').slice(0, 16);
  }

  private encode(fingerprint: string, key: unknown): string {
    const body = Buffer.from(JSON.stringify({ f: fingerprint, k: key })).toString('base64url');
    return `${body}.${this.sign(body)}`;
  }

  private decode(cursor: string, fingerprint: string): unknown {
    const [body, signature, extra] = cursor.split('.');
    if (!body || !signature || extra !== undefined) throw this.invalid('The cursor is malformed');
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw this.invalid('The cursor is malformed or was not made by this server');
    let payload: { f?: string; k?: unknown };
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      throw this.invalid('The cursor is malformed');
    }
    if (payload.f !== fingerprint) throw this.invalid('This cursor belongs to another query or order; start again without a cursor');
    return payload.k;
  }

  private sign(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('base64url').slice(0, 22);
  }

  private invalid(detail: string) {
    return Problems.invalidCursor(detail, { errors: [{ location: 'query', name: 'cursor', message: detail }] });
  }
}
