/**
 * Types of what this plugin registers in the container for its own use (not part of its
 * contract in `@rootline/contracts`): other plugins never resolve these.
 */
import type { JobRunner } from './runner.js';

declare module '@fastify/awilix' {
  interface Cradle {
    /** Runs the jobs of every tree: one at a time per tree, trees side by side. */
    jobRunner: JobRunner;
  }
}
