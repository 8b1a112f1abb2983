import { optionalService, type EntityLabel } from '@rootline/kernel';
import type { PersonsService } from '@rootline/contracts/persons';
import type { PersonasService } from '@rootline/contracts/personas';
import type { SourcesService } from '@rootline/contracts/sources';
import type { EventsService } from '@rootline/contracts/events';
import type { AssertionsService } from '@rootline/contracts/assertions';
import type { FamilyService } from '@rootline/contracts/family';

/** What the labels need of the request's cradle: each plugin that owns a kind of entity. */
export interface LabelsCradle {
  personsService: PersonsService;
  personasService: PersonasService;
  sourcesService: SourcesService;
  eventsService: EventsService;
  assertionsService: AssertionsService;
  familyService: FamilyService;
}

/**
 * Each owner's `labels`, most asked-for kind first. Ids are unique across kinds, so an id found
 * by one owner is not asked of the next; a service is built only when some id is still unknown.
 */
const OWNERS: ((cradle: LabelsCradle, ids: string[]) => EntityLabel[])[] = [
  (cradle, ids) => cradle.personsService.labels(ids),
  (cradle, ids) => cradle.personasService.labels(ids),
  (cradle, ids) => cradle.sourcesService.labels(ids),
  (cradle, ids) => cradle.eventsService.labels(ids),
  (cradle, ids) => cradle.assertionsService.labels(ids),
  (cradle, ids) => cradle.familyService.labels(ids),
  // Notes and media are optional (a server may be built without them): asked only where the plugin is loaded.
  (cradle, ids) => optionalService(cradle, 'notesService')?.labels(ids) ?? [],
  (cradle, ids) => optionalService(cradle, 'mediaService')?.labels(ids) ?? [],
];

/** Labels of the ids any owner knows (persons, personas, sources, events, assertions, relationships, notes, media objects); unknown ids left out. */
export function labelsOf(cradle: LabelsCradle, ids: readonly string[]): EntityLabel[] {
  const found: EntityLabel[] = [];
  let rest = [...new Set(ids)];
  for (const owner of OWNERS) {
    if (rest.length === 0) break;
    const labels = owner(cradle, rest);
    if (labels.length === 0) continue;
    found.push(...labels);
    const known = new Set(labels.map((label) => label.id));
    rest = rest.filter((id) => !known.has(id));
  }
  return found;
}
