import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { pendingRoutes } from './routes/pending.js';
import { bulkConfirmRoutes } from './routes/bulk-confirm.js';

/**
 * @rootline/plugin-pending: the human's review queue of agent-proposed claims. Owns no
 * table: it drives the claims through the assertions plugin's `assertionsService`.
 */
async function pendingPlugin(app: FastifyInstance) {
  app.kernel.treeRoutes(async (mount) => {
    await pendingRoutes(mount);
    await bulkConfirmRoutes(mount);
  });
}

export default fp(pendingPlugin, {
  name: '@rootline/plugin-pending',
  fastify: '5.x',
  dependencies: ['@rootline/kernel', '@rootline/plugin-assertions'],
});
