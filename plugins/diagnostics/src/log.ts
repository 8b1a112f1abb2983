/** What the end of the log says about recent trouble: pino's levels 50+ (error, fatal) and 40 (warn). */
export interface LogSummary {
  window_hours: number;
  errors: number;
  warnings: number;
  last_error_at_ms: number | null;
}

const ERROR_LEVEL = 50;
const WARN_LEVEL = 40;

/** Counts the JSON lines of `log` logged in the `windowHours` before `now`; other lines are skipped. */
export function summarizeLog(log: string, now: number, windowHours: number): LogSummary {
  const since = now - windowHours * 3_600_000;
  const summary: LogSummary = { window_hours: windowHours, errors: 0, warnings: 0, last_error_at_ms: null };
  for (const line of log.split('\n')) {
    const entry = parse(line);
    if (!entry || entry.time < since) continue;
    if (entry.level >= ERROR_LEVEL) {
      summary.errors++;
      summary.last_error_at_ms = Math.max(summary.last_error_at_ms ?? entry.time, entry.time);
    } else if (entry.level === WARN_LEVEL) summary.warnings++;
  }
  return summary;
}

function parse(line: string): { level: number; time: number } | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const entry = JSON.parse(line) as { level?: unknown; time?: unknown };
    return typeof entry.level === 'number' && typeof entry.time === 'number' ? { level: entry.level, time: entry.time } : undefined;
  } catch {
    return undefined;
  }
}

/** The last `count` non-empty lines of `log`. */
export function lastLines(log: string, count: number): string[] {
  const lines = log.split('\n').filter((line) => line.trim() !== '');
  return lines.slice(Math.max(0, lines.length - count));
}
