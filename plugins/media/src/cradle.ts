/**
 * Types of what this plugin registers in the container for its own use (not part of its
 * contract in `@rootline/contracts`): other plugins never resolve these.
 */
import type { UnresolvedMediaList } from './unresolved-list.js';

declare module '@fastify/awilix' {
  interface RequestCradle {
    /** The unresolved list as the JSON the route sends (MediaService.unresolved() gives it as objects). */
    unresolvedMediaList: UnresolvedMediaList;
  }
}
