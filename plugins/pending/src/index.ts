import { definePlugin } from '@rootline/kernel';
import { pendingRoutes } from './routes/pending.js';
import { bulkConfirmRoutes } from './routes/bulk-confirm.js';

/**
 * @rootline/plugin-pending: the human's review queue of agent-proposed claims. Owns no
 * table and no service: it drives the claims through the assertions plugin's `assertionsService`.
 */
export default definePlugin({
  name: '@rootline/plugin-pending',
  scope: 'tree',
  dependencies: ['@rootline/plugin-assertions'],
  register(app) {
    app.kernel.treeRoutes(async (mount) => {
      await pendingRoutes(mount);
      await bulkConfirmRoutes(mount);
    });
  },
});
