import type {} from './cradle.js'; // the types of what this plugin registers for itself
import { definePlugin, scoped, singleton } from '@rootline/kernel';
import { GedcomOptions } from './options.js';
import { GedcomImports, repairInterruptedRuns } from './imports.js';
import { LossReportStore } from './loss-reports.js';
import { importUploadRoutes } from './routes/import-upload.js';
import { importRunRoutes } from './routes/imports.js';
import { validateRoutes } from './routes/validate.js';
import { lossReportRoutes } from './routes/loss-reports.js';
import { exportRoutes } from './routes/export.js';

/**
 * @rootline/plugin-gedcom: GEDCOM 5.5.1 / 7.0 and GEDZIP import as background jobs (jobs
 * plugin), undoable run by run, with loss reports; validation. Writes only through the
 * services of the plugins that own each kind of record.
 */
export default definePlugin({
  name: '@rootline/plugin-gedcom',
  scope: 'tree',
  dependencies: [
    '@rootline/plugin-jobs',
    '@rootline/plugin-sources',
    '@rootline/plugin-personas',
    '@rootline/plugin-assertions',
    '@rootline/plugin-persons',
    '@rootline/plugin-family',
    '@rootline/plugin-events',
    '@rootline/plugin-notes',
    '@rootline/plugin-media',
    '@rootline/plugin-views',
  ],
  options: GedcomOptions,
  environment: { max_bytes: 'ROOTLINE_IMPORT_MAX_BYTES' },
  register(app, options) {
    app.kernel.services({
      gedcomImports: scoped((cradle) => new GedcomImports(cradle)),
      gedcomUndos: singleton(() => new Map<string, Promise<unknown>>()),
      gedcomLossReports: scoped(({ tree, clock, ids }) => new LossReportStore(tree, clock, ids)),
    });
    app.kernel.treeRoutes(importUploadRoutes(options.max_bytes));
    app.kernel.treeRoutes(importRunRoutes);
    app.kernel.treeRoutes(validateRoutes(options.max_bytes));
    app.kernel.treeRoutes(lossReportRoutes);
    app.kernel.treeRoutes(exportRoutes(app.kernel.settings.appVersion));
    app.kernel.onTreeOpen((tree) => repairInterruptedRuns(tree, app.kernel.cradle.clock, (open) => app.kernel.servicesFor(open, { kind: 'system', credentialId: null })));
    app.kernel.declareIngest('gedcom-5.5.1', 'gedcom-7.0', 'gedzip');
  },
});
