import { definePlugin, scoped } from '@rootline/kernel';
import { FamilyService } from './service.js';
import { hideEdgesOf } from './store.js';
import { relationshipsRoutes } from './routes/relationships.js';
import { pedigreeRoutes } from './routes/pedigree.js';

/**
 * @rootline/plugin-family: the family graph. Parent edges (with a pedigree) and spouse edges
 * between persons, reparent and unlink, and the pedigree (Ahnentafel JSON or an SVG chart).
 * Uses persons (`personsService`) to check persons and show them; an edge to a retracted
 * person is hidden in the retraction's own transaction (observer of `person.retracted.`).
 */
export default definePlugin({
  name: '@rootline/plugin-family',
  scope: 'tree',
  dependencies: ['@rootline/plugin-persons'],
  register(app) {
    app.kernel.services({
      familyService: scoped(({ tree, clock, ids, personsService }) => new FamilyService(tree, clock, ids, personsService)),
    });
    app.kernel.onRecord('person.retracted.', (tree, record) => hideEdgesOf(tree, record.entity_id));
    app.kernel.treeRoutes(async (mount) => {
      await relationshipsRoutes(mount);
      await pedigreeRoutes(mount);
    });
  },
});
