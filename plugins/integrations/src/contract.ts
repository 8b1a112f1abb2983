/**
 * The integrations plugin's contract: the service it registers, for the container's types.
 * Type-only (`import type` from `@rootline/plugin-integrations/contract`).
 */
import type { IntegrationsService } from './service.js';

declare module '@fastify/awilix' {
  interface Cradle {
    /** Assistant harnesses: the list, connect preview and connect (CONTRACT §12). */
    integrationsService: IntegrationsService;
  }
}

export type { IntegrationsService };
export type { ConnectPreview, ConnectResult, HarnessListResponse } from './schemas.js';
