/**
 * One batch of persons with everything their INDI records need, read set-wise: one query per
 * kind of record for the whole batch (personas, claims, citations, events, associations,
 * notes, attached media objects), however many persons it holds.
 */
import type { AssertionDto } from '@rootline/contracts/assertions';
import type { AssociationSummary, EventDto } from '@rootline/contracts/events';
import type { NoteDto } from '@rootline/contracts/notes';
import type { PersonaDto } from '@rootline/contracts/personas';
import type { PersonDto } from '@rootline/contracts/persons';
import type { CitationDto } from '@rootline/contracts/sources';
import type { ExportContext } from './context.js';
import { groupBy } from './details.js';
import { attachedMedia, type Attached } from './attachments.js';

export interface PersonBatch {
  persons: PersonDto[];
  personas: Map<string, PersonaDto>;
  /** Confirmed claims by persona, oldest first. */
  claims: Map<string, AssertionDto[]>;
  citations: Map<string, CitationDto>;
  /** claim -> the citations attached to it as evidence (written as further SOURs). */
  evidence: Map<string, string[]>;
  /** Events by the person taking part (directly or through a persona), each once per person. */
  events: Map<string, EventDto[]>;
  associations: Map<string, AssociationSummary[]>;
  /** The notes about the batch's persons, claims, events, citations and edges from their parents, by what they are about. */
  notes: Map<string, NoteDto[]>;
  /** persona -> its person, for the persons of this batch. */
  personOf: Map<string, string>;
  /** person -> the media objects depicting it that are written (depictions.ts). */
  media: Map<string, string[]>;
  /** The media objects attached to the batch's claims, citations and events (attachments.ts). */
  attached: Attached;
}

/** Claims still standing: the confirmed are written; the others (pending, deferred) wait for the genealogist's review. */
const STANDING = ['confirmed', 'pending', 'deferred'] as const;

/** `parentEdges`: the batch's persons' edges from their parents, whose notes the FAMC lines write. */
export function loadBatch(context: ExportContext, persons: PersonDto[], media: Map<string, string[]>, parentEdges: readonly string[] = []): PersonBatch {
  const { services, sparse } = context;
  const personOf = new Map<string, string>();
  for (const person of persons) for (const persona of person.personas) personOf.set(persona, person.id);
  const personaIds = [...personOf.keys()];
  const personas = new Map(services.personasService.many(personaIds).map((persona) => [persona.id, persona]));
  const standing = services.assertionsService.ofPersonas(personaIds, STANDING);
  const claimRows = standing.filter((claim) => claim.status === 'confirmed');
  const unreviewed = standing.length - claimRows.length;
  if (unreviewed > 0) context.lose('INDI', 'claim not confirmed (pending or deferred review): not written', unreviewed);
  const evidence = services.assertionsService.evidenceCitations(sparse.withEvidence(claimRows.map((claim) => claim.id)));
  const citationIds = [...new Set([...claimRows.flatMap((claim) => (claim.citation ? [claim.citation] : [])), ...[...evidence.values()].flat()])];
  const citations = new Map(services.citationsService.many(citationIds).map((citation) => [citation.id, citation]));
  const subjects = [...persons.map((person) => person.id), ...personaIds];
  const events = new Map<string, EventDto[]>();
  for (const event of services.eventsService.ofSubjects(sparse.inEvents(subjects))) {
    const people = new Set(event.participants.flatMap((p) => (p.person ? [p.person] : p.persona && personOf.has(p.persona) ? [personOf.get(p.persona)!] : [])));
    for (const person of people) {
      const list = events.get(person);
      if (list) list.push(event);
      else events.set(person, [event]);
    }
  }
  const associations = groupBy(services.associationsService.fromSubjects(sparse.associated(subjects)), (row) => (row.from_kind === 'persona' ? personOf.get(row.from) ?? row.from : row.from));
  const eventIds = [...new Set([...events.values()].flat().map((event) => event.id))];
  const noteTargets = [...persons.map((person) => person.id), ...claimRows.map((claim) => claim.id), ...eventIds, ...citations.keys(), ...parentEdges];
  const attached = attachedMedia(context, [...claimRows.map((claim) => claim.id), ...citations.keys(), ...eventIds]);
  return {
    persons,
    personas,
    claims: groupBy(claimRows, (claim) => claim.persona),
    citations,
    evidence,
    events,
    associations,
    notes: groupBy(services.notesService.forTargets(sparse.withNotes(noteTargets)), (note) => note.target),
    personOf,
    media,
    attached,
  };
}
