import { definePlugin, scoped } from '@rootline/kernel';
import { ProofArgumentsService } from './service.js';
import { proofArgumentsRoutes } from './routes/proof-arguments.js';
import { exportRoutes } from './routes/export.js';

/**
 * @rootline/plugin-proofs: proof arguments, written arguments that weigh claims (optionally
 * answering a research question), and their export as a self-contained Markdown or HTML
 * document with Evidence Explained footnotes. Reads claims through the assertions plugin and
 * renders citations through the sources plugin; offers `proofArgumentsService` to the
 * conflicts plugin (a conflict is resolved by a proof argument).
 */
export default definePlugin({
  name: '@rootline/plugin-proofs',
  scope: 'tree',
  dependencies: ['@rootline/plugin-sources', '@rootline/plugin-assertions'],
  register(app) {
    app.kernel.services({
      // The whole cradle, not its services: they are built only when a call uses them.
      proofArgumentsService: scoped((cradle) => new ProofArgumentsService(cradle)),
    });
    app.kernel.treeRoutes(async (mount) => {
      await proofArgumentsRoutes(mount);
      await exportRoutes(mount);
    });
  },
});
