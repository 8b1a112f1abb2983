import type {} from './cradle.js'; // the types of what this plugin registers for itself
import { definePlugin, scoped } from '@rootline/kernel';
import { EventsService } from './service.js';
import { AssociationsService } from './associations.js';
import { FanService } from './fan.js';
import { Subjects } from './subjects.js';
import { eventsRoutes } from './routes/events.js';
import { associationsRoutes } from './routes/associations.js';
import { fanRoutes } from './routes/fan.js';
import { moveSubjects, restoreSubjects } from './merges.js';
import type { PersonMerged, PersonSplit } from '@rootline/contracts/persons';

/**
 * @rootline/plugin-events: life events (GEDCOM or custom types, GEDCOM dates with a derived
 * sort key, place, participants that are persons or personas, append-only corrections),
 * associations, and the FAN network built from both. Uses persons and personas through
 * their services to check who takes part.
 */
export default definePlugin({
  name: '@rootline/plugin-events',
  scope: 'tree',
  dependencies: ['@rootline/plugin-personas', '@rootline/plugin-persons'],
  register(app) {
    app.kernel.services({
      eventsService: scoped(({ tree, clock, ids, personsService, personasService }) =>
        new EventsService(tree, clock, ids, personsService, new Subjects(personsService, personasService))),
      associationsService: scoped(({ tree, clock, ids, personsService, personasService }) =>
        new AssociationsService(tree, clock, ids, new Subjects(personsService, personasService))),
      fanService: scoped(({ tree, personsService, personasService }) => new FanService(tree, personsService, personasService)),
    });
    app.kernel.ownsEntities(['event'], (services, ids) => services.eventsService.labels(ids));
    // A merge moves the merged person's participations and associations to the survivor; a reversed merge moves them back.
    app.kernel.onRecord('person.merged.', (tree, record) => {
      const { merged, survivor } = record.payload as PersonMerged;
      moveSubjects(tree, merged, survivor);
    });
    app.kernel.onRecord('person.split.', (tree, record) => {
      const { unmerged, new_person } = record.payload as PersonSplit;
      if (unmerged) restoreSubjects(tree, new_person, record.entity_id);
    });
    app.kernel.treeRoutes(eventsRoutes);
    app.kernel.treeRoutes(associationsRoutes);
    app.kernel.treeRoutes(fanRoutes);
  },
});
