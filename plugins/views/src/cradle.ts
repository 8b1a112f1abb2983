/**
 * Types of what this plugin registers in the container for its own use (not part of its
 * contract in `@rootline/contracts`): other plugins never resolve these.
 */
import type { RedactionsService } from './redactions/service.js';

declare module '@fastify/awilix' {
  interface RequestCradle {
    /** The redactions of the request's tree: `redactedFields(target)`, `create`. */
    redactionsService: RedactionsService;
  }
}
