import type { Clock } from '@rootline/kernel';
import type { JobProgress } from './schemas.js';

/** How often a running job's progress reaches the database and the stream, at most. */
const PROGRESS_INTERVAL_MS = 250;

/**
 * A job's progress: every call updates the count in memory (a job may report per record), and
 * at most every `PROGRESS_INTERVAL_MS` of the server clock it is written and published —
 * a write and a stream notice per record would cost more than the record.
 */
export class ProgressMeter {
  private current: JobProgress;
  private savedAtMs: number;

  constructor(initial: JobProgress, private readonly clock: Clock, private readonly save: (progress: JobProgress) => void) {
    this.current = initial;
    this.savedAtMs = clock.now();
  }

  get value(): JobProgress {
    return this.current;
  }

  update(done: number, total?: number | null, unit?: string): void {
    this.current = {
      done: Math.max(0, Math.floor(done)),
      total: total === undefined ? this.current.total : total === null ? null : Math.max(0, Math.floor(total)),
      unit: unit ?? this.current.unit,
    };
    if (this.clock.now() - this.savedAtMs >= PROGRESS_INTERVAL_MS) this.flush();
  }

  /** Writes and publishes now (the job starts, stops, or ends). */
  flush(): void {
    this.savedAtMs = this.clock.now();
    this.save(this.current);
  }
}
