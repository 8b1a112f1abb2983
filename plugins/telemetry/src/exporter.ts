import type { PluginKernel } from '@rootline/kernel';
import type { TelemetryBatch, TelemetryService } from './service.js';

export interface ExporterSettings {
  url: string;
  intervalMs: number;
  timeoutMs: number;
  appVersion: string;
  platform: string;
}

/**
 * Sends kept events while export is on: every interval, batch after batch until none is left
 * or one fails (then the service's back-off decides when to try again). One attempt at a
 * time; `stop` cancels the one in flight (its batch stays, to be resent the same).
 */
export class TelemetryExporter {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private readonly abort = new AbortController();

  constructor(
    private readonly service: TelemetryService,
    private readonly settings: ExporterSettings,
    private readonly now: () => number,
    private readonly logger: PluginKernel['logger'],
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.abort.abort();
    await this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.exportDue().finally(() => {
        this.running = undefined;
        this.schedule();
      });
    }, this.settings.intervalMs);
  }

  /** Every batch that is due, in order; stops at the first failure, when export is turned off, or at stop. */
  async exportDue(): Promise<void> {
    while (!this.stopped && this.service.exportDue(this.now())) {
      const batch = this.service.nextBatch();
      if (!batch) return;
      if (!(await this.send(batch))) {
        if (!this.stopped) this.service.failed();
        return;
      }
      this.service.accepted(batch.batch_id);
    }
  }

  private async send(batch: TelemetryBatch): Promise<boolean> {
    try {
      const response = await fetch(this.settings.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ batch_id: batch.batch_id, app_version: this.settings.appVersion, platform: this.settings.platform, events: batch.events }),
        signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(this.settings.timeoutMs)]),
        redirect: 'error',
      });
      await response.body?.cancel();
      if (response.ok) return true;
      this.logger.warn({ status: response.status, events: batch.events.length }, 'telemetry export refused');
    } catch (error) {
      this.logger.warn({ reason: (error as Error).name, events: batch.events.length }, 'telemetry export failed');
    }
    return false;
  }
}
