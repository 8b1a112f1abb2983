import type {} from './cradle.js'; // the types of what this plugin registers for itself
import { definePlugin, scoped } from '@rootline/kernel';
import { ProjectStateService } from './state.js';
import { SettledService } from './settled.js';
import { projectRoutes } from './routes/project.js';

/**
 * @rootline/plugin-project: where an investigation stands, for the genealogist and the
 * assistants that work with them. `GET {P}/project/state` is a bounded digest (open questions,
 * conflicts, the pending lane by proposer, recent log entries, changed persons) with a cursor
 * for "what changed since"; `GET {P}/settled` lists settled knowledge and retired leads. It
 * writes nothing: it reads research, conflicts, assertions, persons, proofs and duplicates
 * through their contracts, and the record log for what changed after a cursor.
 */
export default definePlugin({
  name: '@rootline/plugin-project',
  scope: 'tree',
  dependencies: [
    '@rootline/plugin-assertions',
    '@rootline/plugin-persons',
    '@rootline/plugin-proofs',
    '@rootline/plugin-conflicts',
    '@rootline/plugin-research',
    '@rootline/plugin-duplicates',
  ],
  register(app) {
    app.kernel.services({
      // The whole cradle, not its services: they are built only when a section reads them.
      projectStateService: scoped((cradle) => new ProjectStateService(cradle)),
      settledService: scoped((cradle) => new SettledService(cradle)),
    });
    app.kernel.treeRoutes(projectRoutes);
  },
});
