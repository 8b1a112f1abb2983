import { lifeYears, parseGedcomDate } from '@rootline/gedcom-date';
import type { PersonDto, PersonsService } from '@rootline/contracts/persons';
import type { PersonasService } from '@rootline/contracts/personas';
import type { FamilyService } from '@rootline/contracts/family';
import type { EventsService } from '@rootline/contracts/events';
import type { AssertionsService } from '@rootline/contracts/assertions';
import type { SourcesService } from '@rootline/contracts/sources';
import type {} from '@rootline/contracts/conflicts';
import { optionalService } from '@rootline/kernel';
import type { PersonCard } from '../schemas.js';
import { EXPANDED_ROWS, type Expansion } from './expand.js';

/** What the card reads of the request's cradle (kept whole: a service is built only when the card needs it). */
export interface CardCradle {
  personsService: PersonsService;
  personasService: PersonasService;
  familyService: FamilyService;
  eventsService: EventsService;
  assertionsService: AssertionsService;
  sourcesService: SourcesService;
}

/** Relatives shown per list; the counts have them all. */
const RELATIVES_SHOWN = 100;

type Relative = PersonCard['parents'][number];
type Vital = { date: string | null } | null;

/** "1851–1920" from the birth and death summaries; null when neither has a date. */
function lifeYearsOf(birth: Vital, death: Vital): string | null {
  const parse = (vital: Vital) => (vital?.date ? parseGedcomDate(vital.date) : undefined);
  return lifeYears(parse(birth), parse(death)) || null;
}

/**
 * The person card (`GET /persons/{id}/card`): who the person is (every persona's name,
 * birth, death, living), the people around them, what waits for review, and on request the
 * first 100 of their events, claims and sources with full counts. Every read is bounded: one
 * person, its personas, its relatives' first 100 of each kind, and indexed counts.
 */
export function buildCard(cradle: CardCradle, id: string, expand: ReadonlySet<Expansion>): PersonCard {
  const person = cradle.personsService.require(id);
  const names = person.personas.flatMap((persona) => {
    const found = cradle.personasService.get(persona);
    return found ? [{ id: found.id, name: found.name, sex: found.sex, source: found.source }] : [];
  });
  const family = cradle.familyService;
  const parents = family.parentsOf(id);
  const partners = family.partnersOf(id);
  const children = family.childrenOf(id);
  const shown = {
    parents: parents.slice(0, RELATIVES_SHOWN),
    partners: partners.slice(0, RELATIVES_SHOWN),
    children: children.slice(0, RELATIVES_SHOWN),
  };
  const relatives = relativesOf(cradle.personsService, [...shown.parents, ...shown.partners, ...shown.children]);
  const relative = (edge: { relationship: string; person: string; pedigree?: string }): Relative[] => {
    const found = relatives.get(edge.person);
    if (!found) return [];
    return [{ ...found, relationship: edge.relationship, ...(edge.pedigree ? { pedigree: edge.pedigree } : {}) }];
  };
  const card: PersonCard = {
    id: person.id,
    display_name: person.display_name,
    sex: person.sex,
    life_years: lifeYearsOf(person.birth, person.death),
    birth: person.birth,
    death: person.death,
    living: person.living,
    living_source: person.living_source,
    names,
    parents: shown.parents.flatMap(relative),
    partners: shown.partners.flatMap(relative),
    children: shown.children.flatMap(relative),
    counts: {
      names: names.length,
      parents: parents.length,
      partners: partners.length,
      children: children.length,
      open_conflicts: openConflicts(cradle, person.personas),
      pending_claims: person.personas.length ? cradle.assertionsService.pendingCount(person.personas) : 0,
    },
  };
  if (expand.has('events')) card.events = cradle.eventsService.forPerson(id, EXPANDED_ROWS);
  if (expand.has('assertions')) card.assertions = cradle.assertionsService.forPersonas(person.personas, EXPANDED_ROWS);
  if (expand.has('sources')) card.sources = sourcesOf(cradle, person, names);
  return card;
}

/**
 * How many open conflicts concern the person's personas, from the conflicts plugin when the
 * server has it: it registers after views (it depends on plugins that depend on views), so it is
 * an optional service, not a dependency; a server built without it has none to count.
 */
function openConflicts(cradle: CardCradle, personas: readonly string[]): number {
  if (personas.length === 0) return 0;
  return optionalService(cradle, 'conflictsService')?.openFor(personas) ?? 0;
}

/** The relatives' names and life years, by person id (retracted persons are not returned, so they drop out). */
function relativesOf(persons: PersonsService, edges: { person: string }[]): Map<string, Omit<Relative, 'relationship' | 'pedigree'>> {
  const ids = [...new Set(edges.map((edge) => edge.person))];
  const found = ids.length ? persons.many(ids) : [];
  return new Map(found.map((person: PersonDto) => [person.id, { id: person.id, display_name: person.display_name, life_years: lifeYearsOf(person.birth, person.death) }]));
}

/** Sources its personas are read from and sources its standing claims cite: the first 100 by title, and how many. */
function sourcesOf(cradle: CardCradle, person: PersonDto, names: PersonCard['names']): NonNullable<PersonCard['sources']> {
  const cited = person.personas.length ? cradle.assertionsService.citedSources(person.personas) : [];
  const ids = [...new Set([...names.flatMap((name) => (name.source ? [name.source] : [])), ...cited])];
  return { items: ids.length ? cradle.sourcesService.rowsOf(ids, EXPANDED_ROWS) : [], total: ids.length };
}
