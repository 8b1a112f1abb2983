/**
 * Types of what this plugin registers in the container for its own use (not part of its
 * contract in `@rootline/contracts`): other plugins never resolve these.
 */
import type { GedcomImports } from './imports.js';
import type { LossReportStore } from './loss-reports.js';

declare module '@fastify/awilix' {
  interface Cradle {
    /** Undos running now, by tree and import key: a second undo of the same run waits for the first (imports.ts). */
    gedcomUndos: Map<string, Promise<unknown>>;
  }
  interface RequestCradle {
    /** Import runs of the request's tree: start (from an upload), page, undo. */
    gedcomImports: GedcomImports;
    /** Loss reports of the request's tree: write (import or export), get, newest. */
    gedcomLossReports: LossReportStore;
  }
}
