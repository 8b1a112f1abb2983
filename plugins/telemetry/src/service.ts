import type { Clock, IdSource, RegistryTables } from '@rootline/kernel';
import { EVENT_CATALOGUE, eventProblems } from './catalogue.js';
import { DISCLOSURE } from './disclosure.js';
import { acknowledgementOf } from './consent.js';
import { TelemetryProblems } from './errors.js';
import type { PutTelemetryConfigRequest, TelemetryConfigDto, TelemetryEventReceiptDto, TelemetryEventRequest } from './schemas.js';

export interface TelemetrySettings {
  /** The export destination (`ROOTLINE_TELEMETRY_URL`); '' when none. */
  url: string;
  /** The most events kept waiting. */
  maxEvents: number;
  /** Events per export request. */
  batchSize: number;
  /** The wait after the first failure; doubled after each further one, up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
}

interface StateRow {
  acknowledged_version: number | null;
  acknowledged_at_ms: number | null;
  export_enabled: 0 | 1;
  export_failures: number;
  next_attempt_at_ms: number | null;
  last_export_at_ms: number | null;
  exported_events: number;
  dropped_events: number;
}

/** One batch as it is sent: the same id and events every time until it is accepted. */
export interface TelemetryBatch {
  batch_id: string;
  events: { event_id: string; name: string; fields: Record<string, unknown>; at_ms: number }[];
}

/**
 * Consent, the kept events and the export's bookkeeping, all in the registry. Telemetry is on
 * only while the current disclosure is acknowledged; export only while it is also switched on.
 */
export class TelemetryService {
  constructor(
    private readonly tables: RegistryTables,
    private readonly clock: Clock,
    private readonly ids: IdSource,
    readonly settings: TelemetrySettings,
  ) {}

  private state(): StateRow {
    return this.tables.prepare('SELECT * FROM telemetry_state WHERE id = 1').get() as StateRow;
  }

  config(): TelemetryConfigDto {
    const state = this.state();
    const enabled = state.acknowledged_version === DISCLOSURE.version;
    return {
      disclosure: { version: DISCLOSURE.version, text: DISCLOSURE.text },
      acknowledged_disclosure_version: state.acknowledged_version,
      acknowledged_at_ms: state.acknowledged_at_ms,
      enabled,
      export_enabled: enabled && state.export_enabled === 1,
      export_destination_configured: this.settings.url !== '',
      stored_events: this.tables.prepare('SELECT count(*) FROM telemetry_events').pluck().get() as number,
      store_limit: this.settings.maxEvents,
      dropped_events: state.dropped_events,
      exported_events: state.exported_events,
      last_export_at_ms: state.last_export_at_ms,
      export_failures: state.export_failures,
      next_export_attempt_at_ms: state.next_attempt_at_ms,
      events: EVENT_CATALOGUE as TelemetryConfigDto['events'],
    };
  }

  /** The human's consent (the route is human-only). Refusals change nothing. */
  putConfig(body: PutTelemetryConfigRequest): TelemetryConfigDto {
    const now = this.clock.now();
    this.tables.transact(() => {
      const state = this.state();
      const acknowledging = acknowledgementOf(body);
      if (acknowledging !== undefined && acknowledging !== null && acknowledging !== DISCLOSURE.version) {
        throw TelemetryProblems.disclosureMismatch(`This server shows disclosure version ${DISCLOSURE.version}, not ${acknowledging}; read it and acknowledge that one`, {
          extras: { disclosure_version: DISCLOSURE.version },
        });
      }
      const acknowledged = acknowledging === undefined ? state.acknowledged_version === DISCLOSURE.version : acknowledging !== null;
      if (body.export_enabled === true && !acknowledged) {
        throw TelemetryProblems.consentRequired(`Acknowledge disclosure version ${DISCLOSURE.version} before turning export on`, { extras: { disclosure_version: DISCLOSURE.version } });
      }
      if (acknowledging === null) {
        this.tables.prepare('UPDATE telemetry_state SET acknowledged_version = NULL, acknowledged_at_ms = NULL, export_enabled = 0, export_failures = 0, next_attempt_at_ms = NULL, updated_at_ms = ? WHERE id = 1').run(now);
        this.tables.prepare('DELETE FROM telemetry_events').run();
        return;
      }
      if (acknowledging !== undefined && state.acknowledged_version !== acknowledging) {
        this.tables.prepare('UPDATE telemetry_state SET acknowledged_version = ?, acknowledged_at_ms = ?, updated_at_ms = ? WHERE id = 1').run(acknowledging, now, now);
      }
      if (body.export_enabled !== undefined) {
        this.tables.prepare('UPDATE telemetry_state SET export_enabled = ?, updated_at_ms = ? WHERE id = 1').run(body.export_enabled ? 1 : 0, now);
      }
    });
    return this.config();
  }

  /** Checks an event against the catalogue (422 otherwise), then keeps it while telemetry is on. */
  record(event: TelemetryEventRequest): TelemetryEventReceiptDto {
    const fields = event.fields ?? {};
    const errors = eventProblems(event.name, fields);
    if (errors.length > 0) throw TelemetryProblems.eventRefused(errors.map((error) => `${error.name}: ${error.message}`).join('; '), { errors });
    return this.tables.transact(() => {
      if (this.state().acknowledged_version !== DISCLOSURE.version) return { kept: false };
      this.tables.prepare('INSERT INTO telemetry_events (event_id, name, fields, at_ms) VALUES (?, ?, ?, ?)').run(this.ids.next(), event.name, JSON.stringify(fields), this.clock.now());
      // The bound: the oldest events not already in a batch being sent make room.
      const excess = (this.tables.prepare('SELECT count(*) FROM telemetry_events').pluck().get() as number) - this.settings.maxEvents;
      if (excess > 0) {
        this.tables.prepare('DELETE FROM telemetry_events WHERE seq IN (SELECT seq FROM telemetry_events WHERE batch_id IS NULL ORDER BY seq LIMIT ?)').run(excess);
        this.tables.prepare('UPDATE telemetry_state SET dropped_events = dropped_events + ? WHERE id = 1').run(excess);
      }
      return { kept: true };
    });
  }

  /** Whether an export may be attempted at `now`: consent, export on, a destination, the back-off over. */
  exportDue(now: number): boolean {
    const state = this.state();
    if (state.acknowledged_version !== DISCLOSURE.version || state.export_enabled !== 1 || this.settings.url === '') return false;
    return state.next_attempt_at_ms === null || state.next_attempt_at_ms <= now;
  }

  /**
   * The batch to send: the one sent before and not yet accepted (same id, same events), else the
   * oldest waiting events under a new id (written before sending: a crash resends the same batch).
   */
  nextBatch(): TelemetryBatch | undefined {
    return this.tables.transact(() => {
      let batchId = this.tables.prepare('SELECT batch_id FROM telemetry_events WHERE batch_id IS NOT NULL ORDER BY seq LIMIT 1').pluck().get() as string | undefined;
      if (batchId === undefined) {
        batchId = this.ids.next();
        const assigned = this.tables.prepare('UPDATE telemetry_events SET batch_id = ? WHERE seq IN (SELECT seq FROM telemetry_events ORDER BY seq LIMIT ?)').run(batchId, this.settings.batchSize).changes;
        if (assigned === 0) return undefined;
      }
      const rows = this.tables.prepare('SELECT event_id, name, fields, at_ms FROM telemetry_events WHERE batch_id = ? ORDER BY seq').all(batchId) as { event_id: string; name: string; fields: string; at_ms: number }[];
      return { batch_id: batchId, events: rows.map((row) => ({ ...row, fields: JSON.parse(row.fields) as Record<string, unknown> })) };
    });
  }

  /** The destination accepted `batchId`: its events leave the machine's store. */
  accepted(batchId: string): void {
    const now = this.clock.now();
    this.tables.transact(() => {
      const removed = this.tables.prepare('DELETE FROM telemetry_events WHERE batch_id = ?').run(batchId).changes;
      this.tables.prepare('UPDATE telemetry_state SET exported_events = exported_events + ?, last_export_at_ms = ?, export_failures = 0, next_attempt_at_ms = NULL WHERE id = 1').run(removed, now);
    });
  }

  /** An attempt failed: wait base * 2^(failures - 1), at most the maximum, before the next. */
  failed(): void {
    const now = this.clock.now();
    const failures = this.state().export_failures + 1;
    const wait = Math.min(this.settings.retryBaseMs * 2 ** Math.min(failures - 1, 40), this.settings.retryMaxMs);
    this.tables.prepare('UPDATE telemetry_state SET export_failures = ?, next_attempt_at_ms = ?, last_failure_at_ms = ? WHERE id = 1').run(failures, now + wait, now);
  }
}
