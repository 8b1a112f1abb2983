import { definePlugin, scoped } from '@rootline/kernel';
import { FamilyService } from './service.js';
import { hideEdgesOf } from './store.js';
import { moveEdges, restoreEdges } from './merges.js';
import type { PersonMerged, PersonSplit } from '@rootline/contracts/persons';
import { relationshipsRoutes } from './routes/relationships.js';
import { pedigreeRoutes } from './routes/pedigree.js';

/**
 * @rootline/plugin-family: the family graph. Parent edges (with a pedigree) and spouse edges
 * between persons, reparent and unlink, and the pedigree (Ahnentafel JSON or an SVG chart).
 * Uses persons (`personsService`) to check persons and show them; an edge to a retracted
 * person is hidden in the retraction's own transaction (observer of `person.retracted.`); a
 * merge moves the merged person's edges to the survivor and a reversed merge moves them back
 * (`person.merged.`, `person.split.` with `unmerged`; merges.ts).
 */
export default definePlugin({
  name: '@rootline/plugin-family',
  scope: 'tree',
  dependencies: ['@rootline/plugin-persons'],
  register(app) {
    app.kernel.services({
      familyService: scoped(({ tree, clock, ids, personsService }) => new FamilyService(tree, clock, ids, personsService)),
    });
    app.kernel.ownsEntities(['relationship'], (services, ids) => services.familyService.labels(ids));
    app.kernel.onRecord('person.retracted.', (tree, record) => hideEdgesOf(tree, record.entity_id));
    app.kernel.onRecord('person.merged.', (tree, record) => {
      const { merged, survivor } = record.payload as PersonMerged;
      moveEdges(tree, merged, survivor, record.at_ms);
    });
    app.kernel.onRecord('person.split.', (tree, record, services) => {
      const { unmerged, new_person } = record.payload as PersonSplit;
      if (unmerged) restoreEdges(tree, new_person, services().personsService, record.at_ms);
    });
    app.kernel.treeRoutes(async (mount) => {
      await relationshipsRoutes(mount);
      await pedigreeRoutes(mount);
    });
  },
});
