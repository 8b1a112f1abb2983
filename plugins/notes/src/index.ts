import { definePlugin, scoped } from '@rootline/kernel';
import { NotesService } from './service.js';
import { notesRoutes } from './routes/notes.js';

/**
 * @rootline/plugin-notes: notes about any entity of a tree. The reference plugin:
 * a typed service over the tree database (declared in `contract.ts`), thin routes with
 * TypeBox schemas, one migration, one record kind (`note.created.v1`).
 */
export default definePlugin({
  name: '@rootline/plugin-notes',
  scope: 'tree',
  register(app) {
    app.kernel.services({
      notesService: scoped(({ tree, clock, ids }) => new NotesService(tree, clock, ids)),
    });
    app.kernel.treeRoutes(notesRoutes);
  },
});
