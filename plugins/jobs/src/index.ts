import type {} from './cradle.js'; // the types of what this plugin registers for itself
import { definePlugin, scoped, singleton } from '@rootline/kernel';
import { Type } from '@sinclair/typebox';
import { JobRunner } from './runner.js';
import { TreeJobs } from './service.js';
import { JobStore } from './store.js';
import { INTERRUPTED } from './failure.js';
import { jobsRoutes } from './routes/jobs.js';

/**
 * @rootline/plugin-jobs: background jobs of a tree (imports, exports) with progress on the
 * change stream, cancel, and the jobs a crash cut off marked `failed` (`interrupted`) at the
 * next start.
 */
export default definePlugin({
  name: '@rootline/plugin-jobs',
  scope: 'tree',
  options: Type.Object({
    close_timeout_ms: Type.Integer({ minimum: 0, default: 10_000, description: 'How long a stop waits for running jobs to stop and clean up' }),
  }),
  register(app, options) {
    const kernel = app.kernel;
    app.kernel.services({
      // Disposed when the server closes: stops every running job and waits for its cleanup.
      jobRunner: singleton(({ clock, ids, logger }) => new JobRunner({ kernel, clock, ids, logger, closeTimeoutMs: options.close_timeout_ms }), (runner) => runner.close()),
      jobsService: scoped(({ jobRunner, tree, actor }) => new TreeJobs(jobRunner, tree, actor)),
    });
    app.kernel.onTreeOpen((tree) => {
      new JobStore(tree).failInterrupted(kernel.cradle.clock.now(), INTERRUPTED);
    });
    app.kernel.treeRoutes(jobsRoutes);
  },
});
