/**
 * Types of what this plugin registers in the container for its own use (not part of its
 * contract in `@rootline/contracts`): other plugins never resolve these.
 */
import type { DuplicateIndexer } from './indexer.js';

declare module '@fastify/awilix' {
  interface Cradle {
    /** Brings a tree's blocking index up to date in the background (internal to the plugin). */
    duplicatesIndexer: DuplicateIndexer;
  }
}
