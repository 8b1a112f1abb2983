import fp from 'fastify-plugin';
import { asFunction } from 'awilix';
import type { FastifyInstance } from 'fastify';
import { SourcesService } from './service.js';
import { sourceSchemas } from './schemas.js';
import type { CitationCataloguePeer } from './peers.js';
import { sourcesRoutes } from './routes/sources.js';
import { fromTemplateRoutes } from './routes/from-template.js';
import { attachBlobRoutes } from './routes/attach-blob.js';

/**
 * @rootline/plugin-sources: sources, their claim counts and attached scans. Depends on
 * citations (a source made from a template gets its citation; a source shows its citations).
 * The `cited-by` list belongs to the assertions plugin, which owns claims.
 */
async function sourcesPlugin(app: FastifyInstance) {
  app.kernel.services({
    sourcesService: asFunction(({ tree, clock, ids, citationsService }) => new SourcesService(tree, clock, ids, citationsService)).scoped(),
  });
  const schemas = sourceSchemas(app.kernel.container.resolve<CitationCataloguePeer>('citationCatalogue').sourceTypes);
  app.kernel.treeRoutes(async (routes) => {
    await sourcesRoutes(schemas)(routes);
    await fromTemplateRoutes(schemas)(routes);
    await attachBlobRoutes(schemas)(routes);
  });
}

export default fp(sourcesPlugin, { name: '@rootline/plugin-sources', fastify: '5.x', dependencies: ['@rootline/kernel', '@rootline/plugin-citations'] });
export { SourcesService } from './service.js';
