import { definePlugin, scoped, singleton } from '@rootline/kernel';
import { CitationCatalogue } from './citations/catalogue.js';
import { CitationsService } from './citations/service.js';
import { SourcesService } from './service.js';
import { sourcesRoutes } from './routes/sources.js';
import { fromTemplateRoutes } from './routes/from-template.js';
import { attachBlobRoutes } from './routes/attach-blob.js';
import { templatesRoutes } from './routes/templates.js';
import { citationsRoutes } from './routes/citations.js';
import { renderRoutes } from './routes/render.js';

/**
 * @rootline/plugin-sources: sources and their citations. A source has a claim count and
 * attached scans; a citation has typed elements following an Evidence Explained style
 * template and renders in four styles. One plugin, because each needs the other: a source
 * made from a template gets its citation and shows its citations, a citation names its
 * source. The `cited-by` list belongs to the assertions plugin, which owns claims.
 */
export default definePlugin({
  name: '@rootline/plugin-sources',
  scope: 'tree',
  register(app) {
    app.kernel.services({
      citationCatalogue: singleton(() => new CitationCatalogue()),
      citationsService: scoped(({ tree, clock, ids, citationCatalogue }) => new CitationsService(tree, clock, ids, citationCatalogue)),
      sourcesService: scoped(({ tree, clock, ids, citationsService }) => new SourcesService(tree, clock, ids, citationsService)),
    });
    app.kernel.ownsEntities(['source'], (services, ids) => services.sourcesService.labels(ids));
    app.kernel.treeRoutes(async (routes) => {
      await sourcesRoutes(routes);
      await fromTemplateRoutes(routes);
      await attachBlobRoutes(routes);
      await templatesRoutes(routes);
      await citationsRoutes(routes);
      await renderRoutes(routes);
    });
  },
});
