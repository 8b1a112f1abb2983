/**
 * The diagnostics plugin's contract: the service it registers, for the container's types.
 * Type-only (`import type` from `@rootline/plugin-diagnostics/contract`).
 */
import type { DiagnosticsService } from './service.js';

declare module '@fastify/awilix' {
  interface Cradle {
    /** The server's report on itself, and the redacted bundle. */
    diagnosticsService: DiagnosticsService;
  }
}

export type { DiagnosticsService };
export type { DiagnosticsDto } from './schemas.js';
