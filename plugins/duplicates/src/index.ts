import type {} from './cradle.js'; // the types of what this plugin registers for itself
import { Type } from '@sinclair/typebox';
import { definePlugin, scoped, singleton } from '@rootline/kernel';
import { DuplicatesService } from './service.js';
import { DuplicateIndexer } from './indexer.js';
import { followPersonsAndNames } from './observers.js';
import { candidatesRoutes } from './routes/candidates.js';
import { proposalsRoutes } from './routes/proposals.js';

/**
 * @rootline/plugin-duplicates: likely duplicates of a name or a person (phonetic blocking keys
 * kept in its own index, scored with Double Metaphone, Daitch–Mokotoff, Jaro–Winkler and GEDCOM
 * date compatibility), merge proposals that anyone may make and the human approves (merging
 * through the persons plugin) or denies, and the memory of pairs that are not a match.
 */
export default definePlugin({
  name: '@rootline/plugin-duplicates',
  scope: 'tree',
  dependencies: ['@rootline/plugin-persons', '@rootline/plugin-personas'],
  options: Type.Object({
    background_catch_up: Type.Boolean({ default: true, description: 'Bring the blocking index up to date in the background after changes (a search always catches up first)' }),
    catch_up_delay_ms: Type.Integer({ minimum: 0, default: 250, description: 'How long after a change the background catch-up starts' }),
  }),
  register(app, options) {
    const kernel = app.kernel;
    kernel.services({
      duplicatesIndexer: singleton(({ logger }) => new DuplicateIndexer(kernel, logger, { enabled: options.background_catch_up, delayMs: options.catch_up_delay_ms }), (indexer) => indexer.close()),
      // The whole cradle: the persons and personas services are built only when a request uses them.
      duplicatesService: scoped((cradle) => new DuplicatesService(cradle)),
    });
    kernel.treeRoutes(candidatesRoutes);
    kernel.treeRoutes(proposalsRoutes);
    let indexer: DuplicateIndexer | undefined;
    followPersonsAndNames(app, (tree) => (indexer ??= kernel.cradle.duplicatesIndexer).schedule(tree));
  },
});
