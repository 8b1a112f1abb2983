import type { GedcomNode } from '@rootline/gedcom';
import { detachNode, type MappingContext } from './context.js';
import { mapNotes } from './map-note.js';

/** Where the notes of an individual's link to a family wait: FAMS or FAMC, the family, the individual. */
export const linkKey = (tag: string, family: string, individual: string) => `${tag} ${family} ${individual}`;

/**
 * An individual's link to a family (INDI.FAMS, INDI.FAMC) that carries NOTEs: kept for the
 * family pass, where its notes go on the edge the link became (`noteLink`): the spouse edge
 * for FAMS, the child's first parent edge for FAMC.
 */
export function keepLinkNotes(context: MappingContext, individual: string | undefined, link: GedcomNode): void {
  if (!link.children.some((part) => part.tag === 'NOTE' || part.tag === 'SNOTE')) return;
  if (!link.pointer || !individual) return context.lose(`INDI.${link.tag}.NOTE`, link, link.pointer ? 'note on a link of an individual without a cross-reference id: not kept' : 'note on a link that names no family: not kept');
  context.linkNotes.set(linkKey(link.tag, link.pointer, individual), detachNode({ ...link, xref: individual }));
}

/** The notes of the link `key`, if it has any, on the edge it became. */
export function noteLink(context: MappingContext, key: string, edge: string): void {
  const link = context.linkNotes.get(key);
  if (!link) return;
  context.linkNotes.delete(key);
  mapNotes(context, link, edge, `INDI.${link.tag}`);
}

/**
 * Links whose edge was never made (a family of one partner has no spouse edge; an edge
 * refused; a family that does not list the individual): their notes go on the individual's person.
 */
export function keepUnusedLinkNotes(context: MappingContext): void {
  for (const link of context.linkNotes.values()) {
    const person = link.xref ? context.individuals.get(link.xref)?.person : undefined;
    if (person) mapNotes(context, link, person, `INDI.${link.tag}`);
  }
  context.linkNotes.clear();
}
