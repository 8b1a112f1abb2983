import type { Tree } from '@rootline/kernel';
import { searchWords } from './fold.js';

/** Keyset position in a search: [tier (0 prefix hit, 1 substring hit), bm25 score, row number]. */
export type SearchKey = [number, number, number];

/**
 * One matching person: its tier, bm25 score (lower is better) and row number. Ties break on
 * the row number: persons are numbered as they are made, as their UUIDv7 ids are, so it is
 * the id order without reading every hit's id.
 */
export interface Hit {
  tier: 0 | 1;
  score: number;
  seq: number;
}

/** The two FTS5 queries of a name search, from its folded words; null when nothing can match. */
export interface SearchQueries {
  /** Every word a prefix of some name word (`"o"* "suill"*`), all of them. */
  prefix: string;
  /** Every word of 3+ characters somewhere inside the names; null when no word is that long. */
  substring: string | null;
  /** The words too short for trigrams (1-2 characters): a substring hit must still have each as a word start. */
  short: string[];
}

export function searchQueries(q: string): SearchQueries | null {
  const words = searchWords(q);
  if (words.length === 0) return null;
  const long = words.filter((word) => [...word].length >= 3);
  const short = words.filter((word) => [...word].length < 3);
  return {
    prefix: words.map((word) => `"${word}"*`).join(' '),
    substring: long.length ? long.map((word) => `"${word}"`).join(' AND ') : null,
    short,
  };
}

const byRelevance = (a: Hit, b: Hit) => a.tier - b.tier || a.score - b.score || a.seq - b.seq;
const afterKey = (hit: Hit, [tier, score, seq]: SearchKey) => (hit.tier !== tier ? hit.tier > tier : hit.score !== score ? hit.score > score : hit.seq > seq);

/**
 * Every hit of a search, best first: prefix hits (person_names: every word starts a name
 * word) before substring-only hits (person_names_trigram: every word of 3+ characters is
 * inside the names, and every shorter word still starts a name word), each by bm25, then
 * age. Both tables hold active persons only. The hits are found once per request and give
 * the page and the total alike; bm25 of the trigram table is computed for substring-only
 * hits alone (it is the costly one: a long word is many trigrams).
 */
export function searchHits(tree: Tree, queries: SearchQueries, textsOf: (seqs: number[]) => Map<number, string>): Hit[] {
  const prefix = tree
    .prepare('SELECT 0 AS tier, bm25(person_names) AS score, rowid AS seq FROM person_names WHERE person_names MATCH ?')
    .all(queries.prefix) as Hit[];
  let substring = queries.substring
    ? (tree
        .prepare(`SELECT 1 AS tier, bm25(person_names_trigram) AS score, rowid AS seq FROM person_names_trigram
                  WHERE person_names_trigram MATCH ? AND rowid NOT IN (SELECT value FROM json_each(?))`)
        .all(queries.substring, JSON.stringify(prefix.map((hit) => hit.seq))) as Hit[])
    : [];
  if (substring.length && queries.short.length) {
    // Checked on the stored text of the few substring hits: asking the word index for a one-letter
    // prefix ("o"*) would read a large share of it.
    const texts = textsOf(substring.map((hit) => hit.seq));
    const starts = queries.short.map((word) => new RegExp(`(^|[^\\p{L}\\p{N}])${word}`, 'u'));
    substring = substring.filter((hit) => starts.every((start) => start.test(texts.get(hit.seq) ?? '')));
  }
  return [...prefix, ...substring].sort(byRelevance);
}

/** Up to `take` hits after the keyset position `after`. */
export function hitsAfter(hits: Hit[], after: SearchKey | null, take: number): Hit[] {
  const start = after === null ? 0 : hits.findIndex((hit) => afterKey(hit, after));
  return start < 0 ? [] : hits.slice(start, start + take);
}
