import { definePlugin, scoped } from '@rootline/kernel';
import { AssertionsService } from './service.js';
import { assertionsRoutes } from './routes/assertions.js';
import { reviewRoutes } from './routes/review.js';
import { evidenceRoutes } from './routes/evidence.js';
import { sourcingRoutes } from './routes/sourcing.js';

/**
 * @rootline/plugin-assertions: claims about personas, their evidence, the review state
 * machine (CONTRACT §7) and the sourcing tally. Uses the sources (and their citations) and
 * personas plugins through their services; offers `assertionsService` to the pending lane.
 */
export default definePlugin({
  name: '@rootline/plugin-assertions',
  scope: 'tree',
  dependencies: ['@rootline/plugin-sources', '@rootline/plugin-personas'],
  register(app) {
    // A first import builds the claims' list and lane indexes once at its end (its own reads use the key and `id`).
    app.kernel.allowBulkLoad('assertions');
    app.kernel.services({
      // The whole cradle, not its services: they are built only when a request uses them.
      assertionsService: scoped((cradle) => new AssertionsService(cradle)),
    });
    app.kernel.ownsEntities(['assertion'], (services, ids) => services.assertionsService.labels(ids));
    app.kernel.treeRoutes(async (mount) => {
      await assertionsRoutes(mount);
      await reviewRoutes(mount);
      await evidenceRoutes(mount);
      await sourcingRoutes(mount);
    });
  },
});
