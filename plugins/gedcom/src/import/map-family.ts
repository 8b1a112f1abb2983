import { ProblemError } from '@rootline/kernel';
import type { GedcomNode } from '@rootline/gedcom';
import type { MappingContext, MappedIndividual } from './context.js';
import { FAMILY_EVENTS, PRESENCE_ONLY, pedigreeOf } from './facts.js';
import { mapNotes, noteTexts, writeNote, type KeptNote } from './map-note.js';
import { mapMediaLinks } from './map-media.js';
import { asWritten, clip, fieldValues, keepWholeTexts, type FieldText } from './long-text.js';
import { dateAndPlace } from './date-and-place.js';
import { keepFactDetail } from './fact-details.js';
import { adoptionOf } from './adoption.js';
import { linkKey, noteLink } from './link-notes.js';
import { mapFamilyMentions } from './mentions.js';
import { keepFamilyEventCitations } from './family-event-citations.js';
import { keepIdentifier } from './identifiers.js';
import { refusalReason } from './refusals.js';
import { THIRD_PARENT, UnlinkedParents } from './unlinked-parents.js';
import { linkStatusOf, statusNotes } from './link-status.js';
import { DISPROVEN } from '../link-status.js';

const PARTNER_TAGS = ['HUSB', 'WIFE'] as const;
const ROLES: Record<(typeof PARTNER_TAGS)[number], string> = { HUSB: 'husband', WIFE: 'wife' };
const HANDLED = new Set(['HUSB', 'WIFE', 'CHIL', 'NOTE', 'SNOTE', 'OBJE', 'SOUR']);

/** Whether every INDI a FAM points to is mapped already (else the FAM waits for the end of the file). */
export function familyReady(context: MappingContext, record: GedcomNode): boolean {
  return record.children.every((node) => !['HUSB', 'WIFE', 'CHIL'].includes(node.tag) || !node.pointer || context.individuals.has(node.pointer));
}

type Partner = { tag: (typeof PARTNER_TAGS)[number]; xref: string; who: MappedIndividual };

/**
 * One FAM as read: its partners and the edges to write, each with where it came from (for a
 * refusal) and the individuals' links (FAMS, FAMC) whose notes it takes (`linkKey`).
 */
interface ReadFamily {
  record: GedcomNode;
  partners: Partner[];
  /** `kept`: notes the edge holds (a child's link status, on its first parent edge). */
  edges: { body: CreateRelationshipBody; path: string; node: GedcomNode; links: string[]; kept: KeptNote[] }[];
}

type CreateRelationshipBody = Parameters<MappingContext['services']['familyService']['createMany']>[1][number];

/**
 * A batch of FAMs, each -> a spouse edge between HUSB and WIFE, a parent edge from each partner
 * to each CHIL (pedigree from the FTM/Gramps `_FREL` and `_MREL` on CHIL, else the child's
 * FAMC.PEDI for this family, else `adopted` from the partners the child's ADOP.FAMC names),
 * the notes of the individuals' FAMS links on the spouse edge and of a child's FAMC link on
 * its first parent edge, each family event (MARR, DIV, ...) as an event with both partners as
 * participants (the event's SOURs as claims of its kind on each partner: `family-event-citations.ts`;
 * its OBJEs attached to it), the FAM's OBJEs attached to its spouse edge, and the FAM's own SOURs
 * as mentions of its partners (`mentions.ts`). A pointer to no INDI
 * is reported; so is an edge the family plugin refuses (a cycle; a third birth parent is named
 * in a note on the child instead: `unlinked-parents.ts`): the rest of the family is still
 * imported. A child's FAMC.STAT for the family is a note on its first parent edge, and a link
 * marked disproven makes no edge, a note on the child naming the parents instead
 * (`link-status.ts`). The edges of the whole batch are one `createMany` call, checked edge by
 * edge in file order.
 */
export function mapFamilies(context: MappingContext, records: readonly GedcomNode[]): void {
  if (records.length === 0) return;
  const unlinked = new UnlinkedParents();
  const read = records.map((record) => readFamily(context, record, unlinked));
  const outcomes = withMergesFollowed(context, read.flatMap((family) => family.edges.map((edge) => edge.body)));
  let at = 0;
  const events: ReadEvent[] = [];
  for (const family of read) {
    let anchor: string | undefined;
    let spouseEdge: string | undefined;
    for (const edge of family.edges) {
      const outcome = outcomes[at++];
      if ('refused' in outcome) {
        if (outcome.refused.code === 'too-many-birth-parents' && edge.body.kind === 'parent') {
          context.keptAs('FAM.CHIL', edge.node, THIRD_PARENT);
          unlinked.add(edge.body, family.record.xref, edge.node, 'third-parent');
        } else context.lose(edge.path, edge.node, refusalReason(outcome.refused));
        for (const note of edge.kept) context.lose(note.path, note.node, 'not kept: the parent edge was refused');
      } else {
        context.created('relationship', outcome.created.id);
        anchor ??= outcome.created.id;
        if (edge.body.kind === 'spouse') spouseEdge = outcome.created.id;
        for (const link of edge.links) noteLink(context, link, outcome.created.id);
        for (const note of edge.kept) {
          writeNote(context, outcome.created.id, note.text, note.path, note.node);
          context.keptAs(note.path, note.node, STATUS_KEPT);
        }
      }
    }
    finishFamily(context, family, { anchor, spouseEdge }, events);
  }
  unlinked.write(context);
  writeFamilyEvents(context, events);
  mapFamilyMentions(context, read);
}

function readFamily(context: MappingContext, record: GedcomNode, unlinked: UnlinkedParents): ReadFamily {
  const partners: Partner[] = [];
  for (const tag of PARTNER_TAGS) {
    for (const node of record.children.filter((each) => each.tag === tag)) {
      const who = individual(context, node, `FAM.${tag}`);
      if (who) partners.push({ tag, xref: node.pointer!, who });
    }
  }
  const edges: ReadFamily['edges'] = [];
  const family = record.xref;
  // The spouse edge first: it is the family's anchor (its notes go there).
  if (partners.length === 2) {
    const links = family ? partners.map((partner) => linkKey('FAMS', family, partner.xref)) : [];
    edges.push({ body: { kind: 'spouse', partners: [partners[0].who.person, partners[1].who.person] }, path: 'FAM', node: record, links, kept: [] });
  } else if (partners.length > 2) context.lose('FAM', record, 'more than two partners: no spouse edge');
  for (const chil of record.children.filter((node) => node.tag === 'CHIL')) {
    const child = individual(context, chil, 'FAM.CHIL');
    if (!child) continue;
    const link = family ? { pedigree: context.pedigrees.get(`${chil.pointer} ${family}`), adopted: adoptionOf(context, chil.pointer!, family), notes: [linkKey('FAMC', family, chil.pointer!)] } : undefined;
    const status = family ? linkStatusOf(context, chil.pointer!, family) : undefined;
    if (status?.value === DISPROVEN) {
      if (partners.length > 0) context.keptAs('INDI.FAMC.STAT', status.node, DISPROVEN_KEPT);
      else context.lose('INDI.FAMC.STAT', status.node, 'a link marked disproven to a family with no partners: nothing to link or name');
      for (const { who } of partners) unlinked.add({ child: child.person, parent: who.person }, family, status.node, 'disproven');
      if (status.phrase) context.lose('INDI.FAMC.STAT.PHRASE', status.node, 'not kept: the link is not made');
    }
    const kept = status?.value === DISPROVEN ? undefined : statusNotes(status);
    if (kept?.length && partners.length === 0) context.lose('INDI.FAMC.STAT', status!.node, 'a family with no partners: no parent edges to hold it');
    for (const { tag, who } of status?.value === DISPROVEN ? [] : partners) {
      const adopted = link?.adopted === 'BOTH' || link?.adopted === tag ? 'adopted' : undefined;
      const written = chil.children.find((part) => part.tag === (tag === 'HUSB' ? '_FREL' : '_MREL'))?.value ?? link?.pedigree ?? adopted;
      // The child's FAMC notes go on its first parent edge in this family.
      edges.push({ body: { kind: 'parent', parent: who.person, child: child.person, pedigree: pedigreeOf(written) }, path: 'FAM.CHIL', node: chil, links: link?.notes.splice(0) ?? [], kept: kept?.splice(0) ?? [] });
    }
    for (const part of chil.children) if (part.tag !== '_FREL' && part.tag !== '_MREL') context.lose(`FAM.CHIL.${part.tag}`, part, 'not kept on the parent edges');
  }
  return { record, partners, edges };
}

/**
 * After its edges: its notes and identifiers (on its first edge), its media objects (attached to
 * its spouse edge, which an export writes as the FAM); its events are read into `events`.
 */
function finishFamily(context: MappingContext, { record, partners }: ReadFamily, { anchor, spouseEdge }: { anchor?: string; spouseEdge?: string }, events: ReadEvent[]): void {
  context.count('families');
  for (const node of record.children) {
    if (FAMILY_EVENTS.has(node.tag)) events.push(readFamilyEvent(context, node, partners));
    else if (HANDLED.has(node.tag)) continue;
    // A family without an edge has nowhere to keep its identifiers: reported as not mapped.
    else if (!(anchor && keepIdentifier(context, node, 'FAM', 'family', (note) => writeNote(context, anchor, note.text, note.path, note.node)))) {
      context.lose(`FAM.${node.tag}`, node, node.tag.startsWith('_') ? 'extension tag not mapped' : 'not mapped');
    }
  }
  if (anchor) mapNotes(context, record, anchor, 'FAM');
  else keepEdgelessNotes(context, record, partners);
  mapMediaLinks(context, record, 'FAM', spouseEdge ? { attachedTo: spouseEdge } : { none: 'family with no spouse edge to hold its media' });
}

/**
 * The notes of a family that made no edge (one partner and no children, as bourbon.ged's @F140@
 * with its bibliography; a child with no partner; a spouse edge refused): kept on the person of
 * its first partner, else of its first child, and reported as kept there. Lost only by a family
 * that names nobody.
 */
function keepEdgelessNotes(context: MappingContext, record: GedcomNode, partners: readonly Partner[]): void {
  if (!record.children.some((node) => node.tag === 'NOTE' || node.tag === 'SNOTE')) return;
  const child = record.children.find((node) => node.tag === 'CHIL' && node.pointer && context.individuals.has(node.pointer));
  const member = partners[0]?.who ?? (child ? context.individuals.get(child.pointer!) : undefined);
  if (!member) return context.lose('FAM.NOTE', record, 'family with no edge to hold its notes');
  const whose = partners.length > 0 ? 'its partner' : 'its child';
  for (const { text, note } of noteTexts(context, record, 'FAM')) {
    writeNote(context, member.person, text, `FAM.${note.tag}`, note);
    context.keptAs(`FAM.${note.tag}`, note, `family with no edge to hold its notes: kept as a note on ${whose}'s person, which exports write it under`);
  }
}

/** How the loss report lists a challenged or proven link's status, and a disproven link. */
const STATUS_KEPT = 'kept as a note on the parent edge ("Status of the link: ...", "Status of the link in words: ..."); exports write it back under the FAMC';
const DISPROVEN_KEPT = "a link marked disproven: the child is not linked to the family's parents; kept as a note on the child naming them";

function individual(context: MappingContext, node: GedcomNode, path: string): MappedIndividual | undefined {
  const who = node.pointer ? context.individuals.get(node.pointer) : undefined;
  if (!who) context.lose(path, node, node.pointer ? `points to no individual (@${node.pointer}@)` : 'names no individual');
  return who;
}

type CreateEventBody = Parameters<MappingContext['services']['eventsService']['createMany']>[1][number];

/** A family event as read, to be written with the batch's other events; its date, place and description whole. */
interface ReadEvent {
  body: CreateEventBody;
  node: GedcomNode;
  path: string;
  fields: (FieldText | undefined)[];
  /** What its place says beside its text (PLAC.MAP, NOTE, FORM), kept as notes on the event. */
  notes: KeptNote[];
  /** The personas of its partners: its SOURs are kept as their claims (`family-event-citations.ts`). */
  personas: string[];
}

/** A family event: type (EVEN with TYPE: a custom type), date (with its PHRASE), place, description; both partners as participants. */
function readFamilyEvent(context: MappingContext, node: GedcomNode, partners: Partner[]): ReadEvent {
  const path = `FAM.${node.tag}`;
  const type = asWritten(node.children.find((part) => part.tag === 'TYPE'));
  const said = node.value && !PRESENCE_ONLY.has(node.value.trim()) ? node.value.trim() : undefined;
  const generic = node.tag === 'EVEN' || node.tag === 'FACT';
  const { date, place, notes } = dateAndPlace(context, node, path, 'event');
  const description = generic ? said : [type, said].filter(Boolean).join(': ') || undefined;
  const seen = new Set<string>();
  const participants = partners.filter(({ who }) => !seen.has(who.person) && seen.add(who.person)).map(({ tag, who }) => ({ person: who.person, role: ROLES[tag] }));
  const field = (value: string | undefined, max: number, label: string): FieldText | undefined => (value ? { value, max, label, path, node } : undefined);
  const fields = { date: field(date, 100, 'Date'), place: field(place, 500, 'Place'), description: field(description, 2000, 'Description') };
  const body = {
    type: generic && type ? `custom:${clip(type, 100)}` : node.tag,
    ...fieldValues(fields),
    participants,
  };
  return { body, node, path, fields: Object.values(fields), notes, personas: partners.map(({ who }) => who.persona) };
}

/**
 * The batch's family events in one `createMany`; should the events plugin refuse one (it
 * refuses the whole call), each is written on its own so only the refused one is reported.
 */
function writeFamilyEvents(context: MappingContext, events: readonly ReadEvent[]): void {
  if (events.length === 0) return;
  const { eventsService } = context.services;
  let written: ({ id: string } | undefined)[];
  try {
    written = eventsService.createMany(context.actor, events.map((event) => event.body));
  } catch (error) {
    if (!(error instanceof ProblemError)) throw error;
    written = events.map((event) => context.attempt(event.path, event.node, () => createFollowingMerges(context, event.body)));
  }
  events.forEach(({ node, path, fields, notes }, at) => {
    const event = written[at];
    if (!event) return;
    context.created('event', event.id);
    keepWholeTexts(context, event.id, fields, 'event');
    for (const note of notes) writeNote(context, event.id, note.text, note.path, note.node);
    for (const part of node.children) {
      // The TYPE is in the event's type or description (readFamilyEvent).
      // Its SOURs are kept as claims of its partners (keepFamilyEventCitations); its OBJEs are attached to it (below).
      if (part.tag === 'DATE' || part.tag === 'PLAC' || part.tag === 'TYPE' || part.tag === 'NOTE' || part.tag === 'SNOTE' || part.tag === 'SOUR' || part.tag === 'OBJE') continue;
      const kept = keepFactDetail(context, part, path, 'event', (note) => writeNote(context, event.id, note.text, note.path, note.node));
      if (!kept) context.lose(`${path}.${part.tag}`, part, 'not kept on the event');
    }
    mapNotes(context, node, event.id, path);
    mapMediaLinks(context, node, path, { attachedTo: event.id });
  });
  keepFamilyEventCitations(context, events.map(({ node, path, personas, body }) => ({ node, path, personas, event: body })));
}

/**
 * One family event, written; refused because a partner was merged into another person while the
 * import ran (the human merging what it has just created), it is written again naming the
 * survivor, as the family's edges are (`withMergesFollowed`). Asked only of a refused event.
 */
function createFollowingMerges(context: MappingContext, body: CreateEventBody): { id: string } {
  const { eventsService, personsService } = context.services;
  try {
    return eventsService.create(context.actor, body);
  } catch (error) {
    if (!(error instanceof ProblemError)) throw error;
    const participants = body.participants?.map((participant) => ('person' in participant ? { ...participant, person: personsService.survivorOf(participant.person) ?? participant.person } : participant));
    const moved = participants?.some((participant, at) => 'person' in participant && participant.person !== (body.participants![at] as { person: string }).person);
    if (!moved) throw error;
    return eventsService.create(context.actor, { ...body, participants });
  }
}

/**
 * The batch's edges, written; an edge refused because one of its persons was merged into another
 * while the import ran (the human merging what it has just created) is written again on the
 * survivor, so the merge loses no family link. Asked only of refused edges: a run nobody touches
 * pays nothing.
 */
function withMergesFollowed(context: MappingContext, bodies: CreateRelationshipBody[]): ReturnType<MappingContext['services']['familyService']['createMany']> {
  const { familyService, personsService } = context.services;
  const outcomes = familyService.createMany(context.actor, bodies);
  const again = outcomes.flatMap((outcome, at) => {
    if (!('refused' in outcome)) return [];
    const body = onSurvivors(bodies[at], (person) => personsService.survivorOf(person) ?? person);
    return body ? [{ at, body }] : [];
  });
  if (again.length === 0) return outcomes;
  familyService.createMany(context.actor, again.map(({ body }) => body)).forEach((outcome, index) => (outcomes[again[index].at] = outcome));
  return outcomes;
}

/** The edge with each person that was merged away replaced by its survivor; undefined when none was. */
function onSurvivors(body: CreateRelationshipBody, survivor: (person: string) => string): CreateRelationshipBody | undefined {
  if (body.kind === 'parent') {
    const [parent, child] = [survivor(body.parent), survivor(body.child)];
    return parent === body.parent && child === body.child ? undefined : { ...body, parent, child };
  }
  const partners = body.partners.map(survivor);
  return partners.every((person, at) => person === body.partners[at]) ? undefined : { ...body, partners };
}
