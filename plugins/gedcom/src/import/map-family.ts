import { ProblemError } from '@rootline/kernel';
import type { GedcomNode } from '@rootline/gedcom';
import type { MappingContext, MappedIndividual } from './context.js';
import { FAMILY_EVENTS, PRESENCE_ONLY, pedigreeOf } from './facts.js';
import { mapNotes } from './map-note.js';
import { mapMediaLinks } from './map-media.js';

const PARTNER_TAGS = ['HUSB', 'WIFE'] as const;
const ROLES: Record<(typeof PARTNER_TAGS)[number], string> = { HUSB: 'husband', WIFE: 'wife' };
const HANDLED = new Set(['HUSB', 'WIFE', 'CHIL', 'NOTE', 'SNOTE', 'OBJE']);
const text = (node: GedcomNode | undefined) => node?.value?.trim() || undefined;
const clip = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);

/** Whether every INDI a FAM points to is mapped already (else the FAM waits for the end of the file). */
export function familyReady(context: MappingContext, record: GedcomNode): boolean {
  return record.children.every((node) => !['HUSB', 'WIFE', 'CHIL'].includes(node.tag) || !node.pointer || context.individuals.has(node.pointer));
}

type Partner = { tag: (typeof PARTNER_TAGS)[number]; who: MappedIndividual };

/** One FAM as read: its partners and the edges to write, each with where it came from (for a refusal). */
interface ReadFamily {
  record: GedcomNode;
  partners: Partner[];
  edges: { body: CreateRelationshipBody; path: string; node: GedcomNode }[];
}

type CreateRelationshipBody = Parameters<MappingContext['services']['familyService']['createMany']>[1][number];

/**
 * A batch of FAMs, each -> a spouse edge between HUSB and WIFE, a parent edge from each partner
 * to each CHIL (pedigree from the child's FAMC.PEDI for this family, or the FTM/Gramps `_FREL`
 * and `_MREL` on CHIL), and each family event (MARR, DIV, ...) as an event with both partners as
 * participants. A pointer to no INDI is reported; so is an edge the family plugin refuses (a
 * third birth parent, a cycle): the rest of the family is still imported. The edges of the
 * whole batch are one `createMany` call, checked edge by edge in file order.
 */
export function mapFamilies(context: MappingContext, records: readonly GedcomNode[]): void {
  if (records.length === 0) return;
  const read = records.map((record) => readFamily(context, record));
  const outcomes = context.services.familyService.createMany(context.actor, read.flatMap((family) => family.edges.map((edge) => edge.body)));
  let at = 0;
  const events: ReadEvent[] = [];
  for (const family of read) {
    let anchor: string | undefined;
    for (const edge of family.edges) {
      const outcome = outcomes[at++];
      if ('refused' in outcome) context.lose(edge.path, edge.node, `refused: ${outcome.refused.detail}`);
      else {
        context.created('relationship', outcome.created.id);
        anchor ??= outcome.created.id;
      }
    }
    finishFamily(context, family, anchor, events);
  }
  writeFamilyEvents(context, events);
}

function readFamily(context: MappingContext, record: GedcomNode): ReadFamily {
  const partners: Partner[] = [];
  for (const tag of PARTNER_TAGS) {
    for (const node of record.children.filter((each) => each.tag === tag)) {
      const who = individual(context, node, `FAM.${tag}`);
      if (who) partners.push({ tag, who });
    }
  }
  const edges: ReadFamily['edges'] = [];
  // The spouse edge first: it is the family's anchor (its notes go there).
  if (partners.length === 2) edges.push({ body: { kind: 'spouse', partners: [partners[0].who.person, partners[1].who.person] }, path: 'FAM', node: record });
  else if (partners.length > 2) context.lose('FAM', record, 'more than two partners: no spouse edge');
  for (const chil of record.children.filter((node) => node.tag === 'CHIL')) {
    const child = individual(context, chil, 'FAM.CHIL');
    if (!child) continue;
    for (const { tag, who } of partners) {
      const written = chil.children.find((part) => part.tag === (tag === 'HUSB' ? '_FREL' : '_MREL'))?.value ?? (record.xref && chil.pointer ? context.pedigrees.get(`${chil.pointer} ${record.xref}`) : undefined);
      edges.push({ body: { kind: 'parent', parent: who.person, child: child.person, pedigree: pedigreeOf(written) }, path: 'FAM.CHIL', node: chil });
    }
    for (const part of chil.children) if (part.tag !== '_FREL' && part.tag !== '_MREL') context.lose(`FAM.CHIL.${part.tag}`, part, 'not kept on the parent edges');
  }
  return { record, partners, edges };
}

/** After its edges: its notes (on its first edge) and media links; its events are read into `events`. */
function finishFamily(context: MappingContext, { record, partners }: ReadFamily, anchor: string | undefined, events: ReadEvent[]): void {
  context.count('families');
  for (const node of record.children) {
    if (FAMILY_EVENTS.has(node.tag)) events.push(readFamilyEvent(node, partners));
    else if (!HANDLED.has(node.tag)) context.lose(`FAM.${node.tag}`, node, node.tag.startsWith('_') ? 'extension tag not mapped' : 'not mapped');
  }
  if (anchor) mapNotes(context, record, anchor, 'FAM');
  else if (record.children.some((node) => node.tag === 'NOTE' || node.tag === 'SNOTE')) context.lose('FAM.NOTE', record, 'family with no edge to hold its notes');
  mapMediaLinks(context, record, 'FAM');
}

function individual(context: MappingContext, node: GedcomNode, path: string): MappedIndividual | undefined {
  const who = node.pointer ? context.individuals.get(node.pointer) : undefined;
  if (!who) context.lose(path, node, node.pointer ? `points to no individual (@${node.pointer}@)` : 'names no individual');
  return who;
}

type CreateEventBody = Parameters<MappingContext['services']['eventsService']['createMany']>[1][number];

/** A family event as read, to be written with the batch's other events. */
interface ReadEvent {
  body: CreateEventBody;
  node: GedcomNode;
  path: string;
}

/** A family event: type (EVEN with TYPE: a custom type), date, place, description; both partners as participants. */
function readFamilyEvent(node: GedcomNode, partners: Partner[]): ReadEvent {
  const path = `FAM.${node.tag}`;
  const type = text(node.children.find((part) => part.tag === 'TYPE'));
  const said = node.value && !PRESENCE_ONLY.has(node.value.trim()) ? node.value.trim() : undefined;
  const generic = node.tag === 'EVEN' || node.tag === 'FACT';
  const date = text(node.children.find((part) => part.tag === 'DATE'));
  const place = text(node.children.find((part) => part.tag === 'PLAC'));
  const description = generic ? said : [type, said].filter(Boolean).join(': ') || undefined;
  const seen = new Set<string>();
  const participants = partners.filter(({ who }) => !seen.has(who.person) && seen.add(who.person)).map(({ tag, who }) => ({ person: who.person, role: ROLES[tag] }));
  const body = {
    type: generic && type ? `custom:${clip(type, 100)}` : node.tag,
    ...(date ? { date: clip(date, 100) } : {}),
    ...(place ? { place: clip(place, 500) } : {}),
    ...(description ? { description: clip(description, 2000) } : {}),
    participants,
  };
  return { body, node, path };
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
    written = events.map((event) => context.attempt(event.path, event.node, () => eventsService.create(context.actor, event.body)));
  }
  events.forEach(({ node, path }, at) => {
    const event = written[at];
    if (!event) return;
    context.created('event', event.id);
    for (const part of node.children) {
      if (part.tag === 'DATE' || part.tag === 'PLAC' || part.tag === 'TYPE' || part.tag === 'NOTE' || part.tag === 'SNOTE') continue;
      context.lose(`${path}.${part.tag}`, part, part.tag === 'SOUR' ? 'events do not cite sources: citation of a family event not kept' : 'not kept on the event');
    }
    mapNotes(context, node, event.id, path);
  });
}
