/**
 * Types of what this plugin registers in the container for its own use (not part of its
 * contract in `@rootline/contracts`): other plugins never resolve these.
 */
import type { FanService } from './fan.js';

declare module '@fastify/awilix' {
  interface RequestCradle {
    /** The FAN network (friends, associates, neighbours) around a person or persona. */
    fanService: FanService;
  }
}
