import fp from 'fastify-plugin';
import { asClass, asFunction } from 'awilix';
import type { FastifyInstance } from 'fastify';
import { CitationCatalogue } from './catalogue.js';
import { CitationsService } from './service.js';
import { templatesRoutes } from './routes/templates.js';
import { citationsRoutes } from './routes/citations.js';
import { renderRoutes } from './routes/render.js';

/**
 * @rootline/plugin-citations: citations with typed elements, Evidence Explained style
 * templates and their renderings. Services: `citationCatalogue` (singleton, the templates)
 * and `citationsService` (per request, the tree's citations).
 */
async function citationsPlugin(app: FastifyInstance) {
  app.kernel.services({
    citationCatalogue: asClass(CitationCatalogue).singleton(),
    citationsService: asFunction(({ tree, clock, ids, citationCatalogue }) => new CitationsService(tree, clock, ids, citationCatalogue)).scoped(),
  });
  app.kernel.treeRoutes(async (routes) => {
    await templatesRoutes(routes);
    await citationsRoutes(routes);
    await renderRoutes(routes);
  });
}

export default fp(citationsPlugin, { name: '@rootline/plugin-citations', fastify: '5.x', dependencies: ['@rootline/kernel'] });
export { CitationsService } from './service.js';
export { CitationCatalogue } from './catalogue.js';
export * from './schemas.js';
