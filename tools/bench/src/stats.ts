// The arithmetic of the benches, kept apart from processes and sockets so it can be tested.

/** The middle value (the upper middle for an even count); the input is not reordered. */
export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** value / baseline to two decimals: 1 is as fast as the baseline, 0.5 half as fast. */
export const ratio = (value: number, baseline: number): number => Math.round((value / baseline) * 100) / 100;

/** The p-th percentile of values sorted ascending, nearest rank below (p=100 is the largest). */
export const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * CPU seconds (user + system) from the text of `/proc/<pid>/stat`, at 100 clock ticks a
 * second. The command name in parentheses may hold spaces and `)`, so fields are counted
 * from the last `) `.
 */
export function cpuSecondsOf(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * The benches to run, in their order: those `selection` names (`ROOTLINE_BENCH=notes,blobs`,
 * spaces allowed), or all of them when it names none. A bench that does not exist (null) never runs.
 */
export function selectBenches<T>(benches: [string, T | null][], selection: string | undefined): [string, T][] {
  const wanted = (selection ?? '').split(',').map((name) => name.trim()).filter(Boolean);
  return benches.filter((entry): entry is [string, T] => entry[1] !== null && (wanted.length === 0 || wanted.includes(entry[0])));
}
