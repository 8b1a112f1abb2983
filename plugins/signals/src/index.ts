import type {} from './cradle.js'; // the types of what this plugin registers for itself
import { definePlugin, scoped, singleton } from '@rootline/kernel';
import { SignalsCache } from './cache.js';
import { SignalsService } from './service.js';
import { signalsRoutes } from './routes/signals.js';

/**
 * @rootline/plugin-signals: `GET {P}/research/signals`, the research desk's static dashboard
 * (issue 12 point 9): sourceless people, conclusions without evidence, date inconsistencies and
 * end-of-line ancestors. It owns no table: it reads the persons, family, assertions and events
 * plugins through their contracts, one streamed whole-tree read each.
 */
export default definePlugin({
  name: '@rootline/plugin-signals',
  scope: 'tree',
  dependencies: ['@rootline/plugin-assertions', '@rootline/plugin-persons', '@rootline/plugin-family', '@rootline/plugin-events'],
  register(app) {
    app.kernel.services({
      signalsCache: singleton(() => new SignalsCache()),
      signalsService: scoped((cradle) => new SignalsService(cradle)),
    });
    app.kernel.treeRoutes(signalsRoutes);
  },
});
