/**
 * A family unit as a FAM record: HUSB and WIFE (by sex: a man is HUSB, a woman WIFE; two of
 * the same sex or of unknown sex take the two lines in order), CHIL for each child, the
 * family's events (those both partners take part in, with the SOURs their partners' claims
 * keep for them: family-event-citations.ts), the notes on the spouse edge (those of its
 * identifiers as REFN, RIN, UID...: identifiers.ts; a family of one partner has them on the edge
 * to its first child, `familyAnchor`) and the media objects attached to the spouse edge
 * (attachments.ts).
 *
 * Persons withheld (living, or redacted as a whole) are left out of the family, which is
 * still written for the others; a family with nobody left is not written at all. Nothing
 * points to a person who is not in the file.
 */
import type { GedcomNode } from '@rootline/gedcom';
import type { EventDto } from '@rootline/contracts/events';
import type { NoteDto } from '@rootline/contracts/notes';
import { pointer, record, type ExportContext } from './context.js';
import { familyAnchor, type FamilyUnit } from './families.js';
import { eventStructure, } from './facts.js';
import { familyEventCitations } from './family-event-citations.js';
import { takeIdentifiers } from './identifiers.js';
import { noteStructures } from './details.js';
import { isLinkStatusNote } from '../link-status.js';
import { FAMILY_EVENT_TAGS } from './tags.js';
import { mediaLinks, type Attached } from './attachments.js';

export interface FamilyBatchData {
  /** Events both partners of a unit take part in, by unit xref. */
  events: Map<string, EventDto[]>;
  notes: Map<string, NoteDto[]>;
  /** The media objects attached to the units' spouse edges and events (attachments.ts). */
  attached: Attached;
  sexOf: (person: string) => string | null | undefined;
}

export function familyRecord(context: ExportContext, unit: FamilyUnit, data: FamilyBatchData): GedcomNode | undefined {
  const partners = unit.partners.filter((person) => !context.withheld.has(person));
  const children = unit.children.filter(({ child }) => !context.withheld.has(child));
  const left = unit.partners.length + unit.children.length - partners.length - children.length;
  if (partners.length + children.length === 0) {
    context.lose('FAM', 'family of withheld persons only: not written');
    return undefined;
  }
  if (left > 0) context.lose('FAM', 'withheld person left out of a family', left);
  const lines: GedcomNode[] = [];
  for (const [tag, person] of partnerTags(partners, data.sexOf)) lines.push(pointer(tag, context.personXref(person)));
  for (const { child } of children) lines.push(pointer('CHIL', context.personXref(child)));
  // The family's events need both partners: with one withheld they would tell of that person.
  if (partners.length === unit.partners.length) {
    for (const event of data.events.get(unit.xref) ?? []) {
      const written = eventStructure(context, event, data.notes.get(event.id), FAMILY_EVENT_TAGS, 'FAM', data.attached);
      if (written) lines.push({ ...written, children: [...written.children, ...familyEventCitations(context, event.id)] });
    }
  } else if ((data.events.get(unit.xref) ?? []).length > 0) context.lose('FAM', 'event of a family with a withheld partner not written', data.events.get(unit.xref)!.length);
  const anchor = familyAnchor(unit);
  // A lone parent's family keeps its notes on the edge to its first child: withheld, that child's edge says nothing.
  if (anchor && !(anchor !== unit.spouseEdge && context.withheld.has(unit.children[0].child))) {
    const identified = takeIdentifiers(context, data.notes.get(anchor)?.filter((note) => !isLinkStatusNote(note.text)), 'FAM');
    lines.push(...identified.lines, ...noteStructures(context, identified.notes, 'FAM'));
  } else if (anchor && data.notes.has(anchor)) context.lose('FAM.NOTE', 'note of a family kept on the edge to a withheld child: not written', data.notes.get(anchor)!.length);
  if (unit.spouseEdge) lines.push(...mediaLinks(context, data.attached, unit.spouseEdge, 'record-FAM', 'FAM'));
  context.count('families');
  return record('FAM', unit.xref, lines);
}

/**
 * HUSB for a man, WIFE for a woman; otherwise the first free of the two, in order. No partner
 * left (both withheld): no line at all, so the family points at nobody who is not in the file.
 */
function partnerTags(partners: string[], sexOf: (person: string) => string | null | undefined): [string, string][] {
  if (partners.length === 0) return [];
  if (partners.length === 1) return [[sexOf(partners[0]) === 'F' ? 'WIFE' : 'HUSB', partners[0]]];
  const [a, b] = partners;
  const swap = sexOf(a) === 'F' || sexOf(b) === 'M' ? sexOf(a) !== 'M' && sexOf(b) !== 'F' : false;
  return swap ? [['HUSB', b], ['WIFE', a]] : [['HUSB', a], ['WIFE', b]];
}
