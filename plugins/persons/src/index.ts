import { definePlugin, scoped } from '@rootline/kernel';
import { PersonsService } from './service.js';
import { personsRoutes } from './routes/persons.js';
import { followPersonasAndClaims } from './observers.js';
import { followMergesOnPersonReads } from './routes/merged.js';
import { NameIndexMerges } from './name-merges.js';

/**
 * @rootline/plugin-persons: persons concluded over personas, with a name search, birth and
 * death summaries derived from the personas' claims, the living status (derived, or the
 * human's override), retract and split. Reads personas and claims through their services and
 * follows their records (`persona.`, `assertion.`) to keep what it derives in step.
 */
export default definePlugin({
  name: '@rootline/plugin-persons',
  scope: 'tree',
  dependencies: ['@rootline/plugin-personas', '@rootline/plugin-assertions'],
  register(app) {
    // A first import builds the list orders (name, surname, birth, updated) once at its end.
    app.kernel.allowBulkLoad('persons');
    app.kernel.services({
      // The whole cradle: personas and assertions services are built only when a request uses them.
      personsService: scoped((cradle) => new PersonsService(cradle)),
    });
    app.kernel.ownsEntities(['person'], (services, ids) => services.personsService.labels(ids));
    // Before any route is declared: the reads of a person's sub-resources (card, pedigree, FAN) follow merges too.
    followMergesOnPersonReads(app);
    app.kernel.treeRoutes(personsRoutes);
    followPersonasAndClaims(app);
    // The name indexes' merges a crash left held (an undo cut off) are released before any request.
    app.kernel.onTreeOpen((tree) => new NameIndexMerges(tree).mendAfterCrash());
  },
});
