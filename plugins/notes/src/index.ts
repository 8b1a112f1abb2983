import { definePlugin, optionalService, scoped } from '@rootline/kernel';
import { NotesService } from './service.js';
import { notesRoutes } from './routes/notes.js';
import { followMerges } from './merges.js';
import type { PersonsService } from '@rootline/contracts/persons';

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
      // A note about a merged person goes to its survivor: asked of the persons plugin when the server has it (it registers later, and notes need no persons).
      notesService: scoped((cradle) => new NotesService(cradle.tree, cradle.clock, cradle.ids, survivorIn(cradle))),
    });
    app.kernel.ownsEntities(['note'], (services, ids) => services.notesService.labels(ids));
    app.kernel.treeRoutes(notesRoutes);
    followMerges(app.kernel);
  },
});

/**
 * Where a note's target lives now, by the persons plugin of this scope, looked up on the first
 * note and kept: resolving it through the container for every note cost an import about 0.5 s
 * per 25,000 notes (awilix rolls its registrations up on each lookup).
 */
function survivorIn(cradle: object): (target: string) => string {
  let persons: Pick<PersonsService, 'survivorOf'> | undefined | null = null;
  return (target) => {
    if (persons === null) persons = optionalService(cradle, 'personsService') ?? undefined;
    return persons?.survivorOf(target) ?? target;
  };
}
