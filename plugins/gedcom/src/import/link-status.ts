import type { GedcomNode } from '@rootline/gedcom';
import { detachNode, type MappingContext } from './context.js';
import { asWritten } from './long-text.js';
import type { KeptNote } from './map-note.js';
import { DISPROVEN, linkStatusNotes } from '../link-status.js';

/** A FAMC's STAT as read: its word in lower case (5.5.1's words), its 7.0 PHRASE, its line. */
export interface LinkStatus {
  value: string;
  phrase?: string;
  node: GedcomNode;
}

/**
 * An individual's FAMC's STAT (`../link-status.ts`), kept for the family pass, where the child's
 * edges to the family are made (`linkStatusOf`). A blank one is reported. Of two FAMCs naming
 * the same family, a status that is not `disproven` stands (the link is believed by one of
 * them) and the other is reported.
 */
export function readLinkStatus(context: MappingContext, child: string, family: string, famc: GedcomNode): void {
  const stat = famc.children.find((part) => part.tag === 'STAT');
  if (!stat) return;
  const value = asWritten(stat)?.toLowerCase();
  for (const part of stat.children) if (part.tag !== 'PHRASE' || !value) context.lose(`INDI.FAMC.STAT.${part.tag}`, part, 'not kept on the parent edges');
  if (!value) return context.lose('INDI.FAMC.STAT', stat, 'blank: nothing to keep');
  const key = `${child} ${family}`;
  const known = context.linkStatuses.get(key);
  if (known && known.value !== DISPROVEN) return context.lose('INDI.FAMC.STAT', stat, 'a second link to the same family: the first one\'s status kept');
  if (known) context.lose('INDI.FAMC.STAT', known.node, 'a second link to the same family: the other one\'s status kept');
  const phrase = asWritten(stat.children.find((part) => part.tag === 'PHRASE'));
  context.linkStatuses.set(key, { value, ...(phrase ? { phrase } : {}), node: detachNode(stat) });
}

/** The status of `child`'s link to `family`, if its FAMC gave one: taken once, as the family's edges to the child are read. */
export function linkStatusOf(context: MappingContext, child: string, family: string): LinkStatus | undefined {
  const key = `${child} ${family}`;
  const status = context.linkStatuses.get(key);
  context.linkStatuses.delete(key);
  return status;
}

/** A kept status as the notes on the child's first parent edge in the family. */
export function statusNotes(status: LinkStatus | undefined): KeptNote[] {
  if (!status) return [];
  const notes: KeptNote[] = [{ text: linkStatusNotes.text('STAT', status.value), path: 'INDI.FAMC.STAT', node: status.node }];
  if (status.phrase) notes.push({ text: linkStatusNotes.text('STAT.PHRASE', status.phrase), path: 'INDI.FAMC.STAT.PHRASE', node: status.node });
  return notes;
}

/** Statuses of links to a family that never listed the child (CHIL): no edge to hold them. */
export function reportUnusedLinkStatuses(context: MappingContext): void {
  for (const { node } of context.linkStatuses.values()) context.lose('INDI.FAMC.STAT', node, 'the family does not list the child (CHIL): no parent edges to hold it');
  context.linkStatuses.clear();
}
