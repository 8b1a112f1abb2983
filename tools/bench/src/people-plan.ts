// The shape of the people bench's tree (issue 9), kept apart from servers so it can be tested:
// families as ten-generation pedigrees, Zipf-distributed names and places, dates by generation,
// and the figures' arithmetic (medians of rounds, targets).
import { median, ratio } from './stats.js';

/** A pedigree block: 1,023 persons in Ahnentafel order (0 the youngest; 2p+1 and 2p+2 its parents) ... */
export const PEDIGREE = 1023;
/** ... plus one more child of each of its 511 couples, the youngest person's siblings and cousins. */
export const BLOCK = PEDIGREE + (PEDIGREE - 1) / 2;

/** A deterministic generator: random(n) is an integer in 0..n-1 (the same seed, the same tree). */
export function generator(seed = 42): (n: number) => number {
  let state = seed >>> 0;
  return (n) => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return Math.floor((state / 4294967296) * n);
  };
}

/** Cumulative weights 1/(rank + offset) over `count` ranks (offset flattens the head): for `pick`. */
export function zipf(count: number, offset: number): number[] {
  const cumulative: number[] = [];
  let sum = 0;
  for (let rank = 1; rank <= count; rank++) cumulative.push((sum += 1 / (rank + offset)));
  return cumulative.map((value) => value / sum);
}

/** The index whose cumulative weight first reaches `u` (0 <= u < 1). */
export function pick(cumulative: number[], u: number): number {
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (cumulative[middle] > u) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** Where position `p` (0..BLOCK-1) of a block stands: its generation (0 youngest) and its birth parents' positions. */
export function placeInBlock(p: number): { generation: number; father: number | null; mother: number | null } {
  if (p >= PEDIGREE) {
    // The extra child of couple (2s+1, 2s+2): a sibling of pedigree position s.
    const s = p - PEDIGREE;
    return { generation: Math.floor(Math.log2(s + 1)), father: 2 * s + 1, mother: 2 * s + 2 };
  }
  const generation = Math.floor(Math.log2(p + 1));
  return 2 * p + 2 < PEDIGREE ? { generation, father: 2 * p + 1, mother: 2 * p + 2 } : { generation, father: null, mother: null };
}

/** The oldest man of the paternal line through `p` (father, his father, ...): whose surname `p` carries. */
export function paternalTop(p: number): number {
  let at = p;
  for (let father = placeInBlock(at).father; father !== null; father = placeInBlock(at).father) at = father;
  return at;
}

/** Sex by position: fathers sit at odd positions, mothers at even ones; the rest alternate. */
export const sexOf = (p: number): 'M' | 'F' => (p >= PEDIGREE ? (p % 2 ? 'F' : 'M') : p % 2 ? 'M' : 'F');

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

/** A GEDCOM date in `year`: mostly exact, every 7th `ABT`, every 50th a phrase (no sort key). */
export function gedcomDate(year: number, day: number, serial: number): string {
  if (serial % 50 === 49) return '(in the spring)';
  if (serial % 7 === 6) return `ABT ${year}`;
  return `${1 + (day % 28)} ${MONTHS[Math.floor(day / 28) % 12]} ${year}`;
}

/** One round of one request against one server: latency percentiles, and the server's CPU time per request. */
export interface Round {
  p50_ms: number;
  p99_ms: number;
  cpu_ms: number;
}

/** Rounds of one request against ours and the bare route: medians over rounds, and ours / bare. */
export function summarise(ours: Round[], bare: Round[]) {
  const mid = (rounds: Round[], key: keyof Round) => median(rounds.map((round) => round[key]));
  const p50 = mid(ours, 'p50_ms');
  const p99 = mid(ours, 'p99_ms');
  const bareP50 = mid(bare, 'p50_ms');
  const bareP99 = mid(bare, 'p99_ms');
  return {
    p50_ms: p50, p99_ms: p99, cpu_ms: mid(ours, 'cpu_ms'),
    bare_p50_ms: bareP50, bare_p99_ms: bareP99, bare_cpu_ms: mid(bare, 'cpu_ms'),
    p50_ratio: ratio(p50, bareP50), p99_ratio: ratio(p99, bareP99), rounds: ours.length,
  };
}

/** The targets on the p50 (ms); the deep page's is relative: at most twice the first page's. */
const TARGETS: Record<string, number> = { search: 10, card: 10, pedigree: 15, fan: 50 };

/** Which targets are met, given each request's p50 (`first_page` and `deep_page` for the cursor chain). */
export function verdicts(p50: Record<string, number>): Record<string, { target: string; met: boolean }> {
  const out: Record<string, { target: string; met: boolean }> = {};
  for (const [name, limit] of Object.entries(TARGETS)) if (name in p50) out[name] = { target: `p50 <= ${limit} ms`, met: p50[name] <= limit };
  if ('first_page' in p50 && 'deep_page' in p50) out.deep_page = { target: 'p50 <= 2x first page', met: p50.deep_page <= 2 * p50.first_page };
  return out;
}
