import fp from 'fastify-plugin';
import { asFunction } from 'awilix';
import type { FastifyInstance } from 'fastify';
import { AssertionsService, type AssertionsCradle } from './service.js';
import { assertionsRoutes } from './routes/assertions.js';
import { reviewRoutes } from './routes/review.js';
import { evidenceRoutes } from './routes/evidence.js';
import { sourcingRoutes } from './routes/sourcing.js';

/**
 * @rootline/plugin-assertions: claims about personas, their evidence, the review state
 * machine (CONTRACT §7) and the sourcing tally. Uses the personas, sources and citations
 * plugins through their container services; offers `assertionsService` to the pending lane.
 */
async function assertionsPlugin(app: FastifyInstance) {
  app.kernel.services({
    assertionsService: asFunction((cradle: AssertionsCradle) => new AssertionsService(cradle)).scoped(),
  });
  app.kernel.treeRoutes(async (mount) => {
    await assertionsRoutes(mount);
    await reviewRoutes(mount);
    await evidenceRoutes(mount);
    await sourcingRoutes(mount);
  });
}

export default fp(assertionsPlugin, {
  name: '@rootline/plugin-assertions',
  fastify: '5.x',
  dependencies: ['@rootline/kernel', '@rootline/plugin-citations', '@rootline/plugin-sources', '@rootline/plugin-personas'],
});
export { AssertionsService } from './service.js';
