import { definePlugin, scoped } from '@rootline/kernel';
import { PersonasService } from './service.js';
import { personasRoutes } from './routes/personas.js';

/**
 * @rootline/plugin-personas: personas, the people as one record describes them, with the
 * name as written and its GEDCOM 7 pieces. Uses sources (a persona names the source it is
 * read from; `sourcesService.exists` checks it).
 */
export default definePlugin({
  name: '@rootline/plugin-personas',
  scope: 'tree',
  dependencies: ['@rootline/plugin-sources'],
  register(app) {
    app.kernel.services({
      personasService: scoped(({ tree, clock, ids, sourcesService }) => new PersonasService(tree, clock, ids, sourcesService)),
    });
    app.kernel.ownsEntities(['persona'], (services, ids) => services.personasService.labels(ids));
    app.kernel.treeRoutes(personasRoutes);
  },
});
