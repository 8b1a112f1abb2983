import { definePlugin, scoped } from '@rootline/kernel';
import { NotesService } from './service.js';
import { notesRoutes } from './routes/notes.js';
import { followMerges } from './merges.js';

/**
 * @rootline/plugin-notes: notes about any entity of a tree. The reference plugin:
 * a typed service over the tree database (declared in `contract.ts`), thin routes with
 * TypeBox schemas, migrations, one record kind (`note.created.v1`). Notes about a person
 * follow it into a merge and back (merges.ts).
 */
export default definePlugin({
  name: '@rootline/plugin-notes',
  scope: 'tree',
  register(app) {
    app.kernel.services({
      notesService: scoped(({ tree, clock, ids }) => new NotesService(tree, clock, ids)),
    });
    app.kernel.treeRoutes(notesRoutes);
    followMerges(app.kernel);
  },
});
