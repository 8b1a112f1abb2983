import type { BackupService } from './service.js';
import { loggable } from './failure.js';

/**
 * Starts scheduled backups: every `intervalMs` (and once at start) it asks the service to start
 * a backup of each tree that is due. Due times are computed from the runs in the registry by
 * the server clock, so they survive restarts and a machine that slept. Stopped when the server
 * closes (before the jobs plugin refuses new jobs).
 */
export class BackupScheduler {
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly service: BackupService, private readonly intervalMs: number, private readonly logger: { error(object: object, message: string): void }) {}

  start(): void {
    if (this.stopped || this.timer) return;
    this.timer = setInterval(() => this.check(), this.intervalMs);
    this.timer.unref();
    setImmediate(() => this.check());
  }

  /** One check; what goes wrong is logged (without paths), and the next check tries again. */
  check(): number {
    if (this.stopped) return 0;
    try {
      return this.service.runDue();
    } catch (error) {
      this.logger.error({ error: loggable(error) }, 'scheduled backup could not start');
      return 0;
    }
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
