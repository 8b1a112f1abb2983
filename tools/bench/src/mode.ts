// The size of a bench run: `npm run bench` is quick (small inputs, a few minutes at most, to see
// that nothing regressed badly), `npm run bench -- --full` measures at the sizes the issues name
// (100,000 persons, 1 GiB blobs, 1,000,000 claims). A knob set in the environment always wins.

/** Inputs of the quick run: each bench's knob, at a size that keeps the whole run short. */
export const QUICK_SIZES: Readonly<Record<string, string>> = {
  ROOTLINE_BENCH_SECONDS: '1',
  ROOTLINE_BENCH_BLOB_MB: '64',
  ROOTLINE_BENCH_CLAIMS: '20000',
  ROOTLINE_BENCH_PERSONS: '1000',
  ROOTLINE_BENCH_SAMPLES: '50',
  ROOTLINE_BENCH_GEDCOM_TILES: '1',
  ROOTLINE_BENCH_DUP_TILES: '2',
  ROOTLINE_BENCH_DUP_QUERIES: '50',
  ROOTLINE_BENCH_DUP_OVERHEAD_PERSONS: '2000',
  ROOTLINE_BENCH_CAPTURES: '150',
  ROOTLINE_BENCH_FILTER_SIZES: '1000,10000',
  ROOTLINE_BENCH_BACKUP_PERSONS: '2000',
  ROOTLINE_BENCH_BACKUP_BLOB_MB: '16',
  ROOTLINE_BENCH_DEEP_PAGE: '5',
  ROOTLINE_BENCH_THUMB_TIMEOUT_MS: '3000',
};

/**
 * The benches a quick run runs when `ROOTLINE_BENCH` names none: those that finish in seconds at
 * their quick size. The others (gedcom, duplicates, backup, conflicts, thumbnails) spend most of
 * their time on fixed work (three imports, waits the issues name, baselines) and run with
 * `--full` or when named: `ROOTLINE_BENCH=gedcom npm run bench` runs gedcom at its quick size.
 */
export const QUICK_BENCHES: readonly string[] = ['startup', 'notes', 'blobs', 'assertions', 'people', 'merge', 'claims-filter', 'signals'];

export type BenchMode = 'quick' | 'full';

/**
 * The mode the arguments ask for (`--full`, else quick; any other argument is refused so a typo
 * never runs the wrong size), and the environment the benches read: in quick mode each knob not
 * already set takes its quick size, and ROOTLINE_BENCH, when it names none, the quick benches.
 * The environment given is not changed.
 */
export function benchMode(args: readonly string[], env: Readonly<Record<string, string | undefined>>): { mode: BenchMode; env: Record<string, string | undefined> } {
  const unknown = args.filter((arg) => arg !== '--full');
  if (unknown.length > 0) throw new Error(`unknown argument ${unknown[0]}: npm run bench [-- --full]`);
  if (args.includes('--full')) return { mode: 'full', env: { ...env } };
  const sized = { ...env };
  for (const [knob, size] of Object.entries(QUICK_SIZES)) if (sized[knob] === undefined || sized[knob] === '') sized[knob] = size;
  if (!sized.ROOTLINE_BENCH?.trim()) sized.ROOTLINE_BENCH = QUICK_BENCHES.join(',');
  return { mode: 'quick', env: sized };
}
