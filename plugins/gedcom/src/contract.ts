/**
 * The GEDCOM plugin's contract: the services it registers, for the container's types.
 * Type-only. `gedcomLossReports` is the store of loss reports for both directions (the
 * exporter writes its reports there too); `gedcomImports` starts, lists and undoes runs.
 */
import type { GedcomImports } from './imports.js';
import type { LossReportStore } from './loss-reports.js';

declare module '@fastify/awilix' {
  interface RequestCradle {
    /** Import runs of the request's tree: start (from an upload), page, undo. */
    gedcomImports: GedcomImports;
    /** Loss reports of the request's tree: write (import or export), get, newest. */
    gedcomLossReports: LossReportStore;
  }
}

export type { GedcomImports, LossReportStore };
export type { ImportRunDto, LossReportDto, LossItem } from './schemas.js';
