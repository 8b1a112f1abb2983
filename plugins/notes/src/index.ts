import fp from 'fastify-plugin';
import { asFunction } from 'awilix';
import type { FastifyInstance } from 'fastify';
import { NotesService } from './service.js';
import { notesRoutes } from './routes/notes.js';

/**
 * @rootline/plugin-notes: notes about any entity of a tree. The reference plugin:
 * a service over the tree database, thin routes with TypeBox schemas, one migration,
 * one record kind (`note.created.v1`).
 */
async function notesPlugin(app: FastifyInstance) {
  app.kernel.services({
    notesService: asFunction(({ tree, clock, ids }) => new NotesService(tree, clock, ids)).scoped(),
  });
  app.kernel.treeRoutes(notesRoutes);
}

export default fp(notesPlugin, { name: '@rootline/plugin-notes', fastify: '5.x', dependencies: ['@rootline/kernel'] });
export { NotesService } from './service.js';
export * from './schemas.js';
