/**
 * Types of what this plugin registers in the container for its own use (not part of a contract
 * in `@rootline/contracts`): other plugins never resolve these.
 */
import type { SignalsCache } from './cache.js';
import type { SignalsService } from './service.js';

declare module '@fastify/awilix' {
  interface Cradle {
    /** The last signals computed for each tree, while it has not changed. */
    signalsCache: SignalsCache;
  }
  interface RequestCradle {
    /** The research signals of the request's tree. */
    signalsService: SignalsService;
  }
}
