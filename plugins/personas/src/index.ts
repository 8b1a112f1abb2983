import fp from 'fastify-plugin';
import { asFunction } from 'awilix';
import type { FastifyInstance } from 'fastify';
import { PersonasService } from './service.js';
import { personasRoutes } from './routes/personas.js';

/**
 * @rootline/plugin-personas: personas, the people as one record describes them, with the
 * name as written and its GEDCOM 7 pieces. Depends on sources (a persona names its source).
 */
async function personasPlugin(app: FastifyInstance) {
  app.kernel.services({
    personasService: asFunction(({ tree, clock, ids, sourcesService }) => new PersonasService(tree, clock, ids, sourcesService)).scoped(),
  });
  app.kernel.treeRoutes(personasRoutes);
}

export default fp(personasPlugin, { name: '@rootline/plugin-personas', fastify: '5.x', dependencies: ['@rootline/kernel', '@rootline/plugin-sources'] });
export { PersonasService } from './service.js';
export * from './schemas.js';
