import { definePlugin, scoped } from '@rootline/kernel';
import { RedactionCache } from './redactions/cache.js';
import { RedactionsService } from './redactions/service.js';
import { redactionFilter, redactionHook } from './redactions/hook.js';
import { redactionsFollowMerges } from './redactions/merges.js';
import { redactionsFollowSupersedes } from './redactions/supersedes.js';
import { cardRoutes } from './routes/card.js';
import { labelsRoutes } from './routes/labels.js';
import { redactionsRoutes } from './routes/redactions.js';

/**
 * @rootline/plugin-views: what makes a tree readable at a glance. The person card, labels for
 * ids of any kind, and redactions: the reply hook hides redacted fields from agent credentials
 * on every route of every plugin, and the kernel read filter in what plugins draw (the pedigree
 * SVG). Reads the other plugins only through their services.
 */
export default definePlugin({
  name: '@rootline/plugin-views',
  scope: 'tree',
  dependencies: [
    '@rootline/plugin-persons',
    '@rootline/plugin-personas',
    '@rootline/plugin-family',
    '@rootline/plugin-events',
    '@rootline/plugin-assertions',
    '@rootline/plugin-sources',
  ],
  register(app) {
    // One per server, each tree its own entry (see RedactionCache).
    const cache = new RedactionCache();
    app.kernel.services({
      redactionsService: scoped((cradle) => new RedactionsService(cradle, cache)),
    });
    app.kernel.onRecord('redaction.', (tree) => cache.forget(tree));
    // A redacted name reaches other entities (a person's display_name, labels): they follow persons and personas.
    app.kernel.onRecord('person.', (tree) => cache.forgetDerived(tree));
    app.kernel.onRecord('persona.', (tree) => cache.forgetDerived(tree));
    // A redacted claim's date reaches the person's birth or death summary resting on it: they follow claims.
    app.kernel.onRecord('assertion.', (tree) => cache.forgetDerived(tree));
    redactionsFollowMerges(app.kernel, cache);
    redactionsFollowSupersedes(app.kernel, cache);
    // At the root (definePlugin plugins are not encapsulated): every route's JSON replies pass through it.
    app.addHook('onSend', redactionHook(cache));
    // What other plugins draw or export (the pedigree SVG) passes the same rule through the kernel.
    app.kernel.addReadFilter(redactionFilter(cache));
    app.kernel.treeRoutes(async (mount) => {
      await cardRoutes(mount);
      await labelsRoutes(mount);
      await redactionsRoutes(mount);
    });
  },
});
