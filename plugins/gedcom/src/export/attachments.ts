/**
 * The media objects attached to what the export writes (`media_attached`: the import keeps a
 * citation's OBJE, a SOUR record's, a fact's, a family event's and a FAM's there) as OBJE pointers
 * under that structure again: the citation (SOUR), the SOUR record, the fact, the family event,
 * the FAM. Read set-wise, one read per batch of records. Only a media object whose OBJE record is
 * written is pointed at (none depicting a withheld person, none redacted: `writtenMedia`); a link
 * to another, or one under a structure GEDCOM has no OBJE for (an LDS ordinance), is reported.
 */
import { substructureRule, type GedcomNode } from '@rootline/gedcom';
import { pointer, type ExportContext } from './context.js';
import { writtenMedia } from './depictions.js';

/** The media objects attached to a batch's entities (target -> media ids), and which of them are written. */
export interface Attached {
  byTarget: ReadonlyMap<string, readonly string[]>;
  written: ReadonlySet<string>;
}

/** Nothing attached: what a batch whose entities hold no media object reads (and what tests pass). */
export const NOTHING_ATTACHED: Attached = { byTarget: new Map(), written: new Set() };

/** The media objects attached to `targets`, one read for all of them. */
export function attachedMedia(context: ExportContext, targets: readonly string[]): Attached {
  if (targets.length === 0) return NOTHING_ATTACHED;
  const byTarget = context.services.mediaService.attachedTo(targets);
  if (byTarget.size === 0) return NOTHING_ATTACHED;
  return { byTarget, written: writtenMedia(context, [...new Set([...byTarget.values()].flat())]) };
}

/**
 * `OBJE @Mn@` for each media object attached to `target` whose record is written, to go under a
 * structure of type `structure` (a GEDCOM 7 structure type: `SOUR` for a citation, `record-FAM`,
 * `INDI-EVEN`...; undefined for one GEDCOM has no type for). Where OBJE may stand is read from the
 * 7.0 rules for both versions: 5.5.1 allows its MULTIMEDIA_LINK in the same structures (a source
 * citation, a SOUR or FAM record, an event's detail) and not under an LDS ordinance either.
 */
export function mediaLinks(context: ExportContext, attached: Attached, target: string, structure: string | undefined, path: string): GedcomNode[] {
  const media = attached.byTarget.get(target);
  if (!media) return [];
  if (structure === undefined || !substructureRule(structure, 'OBJE')) {
    context.lose(`${path}.OBJE`, `GEDCOM has no OBJE under ${path}: link to a media object not written`, media.length);
    return [];
  }
  const lines: GedcomNode[] = [];
  for (const id of media) {
    if (attached.written.has(id)) lines.push(pointer('OBJE', context.mediaXref(id)));
    else context.lose(`${path}.OBJE`, 'link to a withheld media object (depicting a withheld person, or redacted) not written');
  }
  return lines;
}
