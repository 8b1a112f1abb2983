/**
 * Types of what this plugin registers in the container for its own use (not part of its
 * contract in `@rootline/contracts`): other plugins never resolve these.
 */
import type { ProjectStateService } from './state.js';
import type { SettledService } from './settled.js';

declare module '@fastify/awilix' {
  interface RequestCradle {
    /** The project-state digest of the request's tree. */
    projectStateService: ProjectStateService;
    /** Settled knowledge and retired leads of the request's tree. */
    settledService: SettledService;
  }
}
