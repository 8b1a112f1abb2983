/**
 * The telemetry plugin's contract: the services it registers, for the container's types.
 * Type-only (`import type` from `@rootline/plugin-telemetry/contract`).
 */
import type { TelemetryService } from './service.js';
import type { TelemetryExporter } from './exporter.js';

declare module '@fastify/awilix' {
  interface Cradle {
    /** Consent, kept events and the export's bookkeeping. */
    telemetryService: TelemetryService;
    /** Sends kept events in batches while export is on. */
    telemetryExporter: TelemetryExporter;
  }
}

export type { TelemetryService, TelemetryExporter };
export type { TelemetryConfigDto, TelemetryEventRequest } from './schemas.js';
