import type { GedcomNode } from '@rootline/gedcom';
import type { MappedIndividual, MappingContext } from './context.js';
import { citeSources } from './map-source.js';
import { mapNotes } from './map-note.js';

/**
 * The claim kind of a SOUR that cites an individual as a whole (`1 SOUR @S13@` under INDI), not
 * one of its facts: the source mentions this person. A persona's own `source` says which one
 * record the persona is read from, one source and no page, set when it is made: an INDI is
 * put together from many records, cites several, each with its page. A claim holds a source and
 * a citation, is reviewed, counted and listed like any other evidence, and the export writes it
 * back as the INDI's SOUR.
 */
export const MENTION = 'mention';

/** Under a SOUR, what the mention claim holds itself: its NOTEs are the claim's notes. */
const NOTES: ReadonlySet<string> = new Set(['NOTE', 'SNOTE']);

/** The source and citation (PAGE, DATA.TEXT, QUAY) one SOUR of a record cites, or undefined when it cites nothing (reported). */
export function citeMention(context: MappingContext, sour: GedcomNode, path: string): { source: string; citation?: string } | undefined {
  const { source, citation } = citeSources(context, { ...sour, tag: path, children: [sour] }, path, NOTES);
  return source ? { source, ...(citation ? { citation } : {}) } : undefined;
}

/** An individual's mention of a source and citation: one claim per person, source and place in it. */
export const mentionKey = (individual: string, cited: { source: string; citation?: string }) => `${individual}\u0000${cited.source}\u0000${cited.citation ?? ''}`;

/**
 * FAM.SOUR: a citation of the family as a whole. A family is edges between persons (and its
 * events), none of which holds a citation, so each partner gets the mention (a claim on the
 * partner's persona, as an INDI.SOUR would make) unless that partner's INDI already cites
 * the same source and page; the SOUR's notes go on the claim. Reported, so the report says
 * where it went: exports write it under each partner's INDI, not under the FAM. A family
 * without partners has no one to hold it: reported as not kept. One `captureMany` for the batch.
 */
export function mapFamilyMentions(context: MappingContext, families: readonly { record: GedcomNode; partners: readonly { xref: string; who: MappedIndividual }[] }[]): void {
  const planned = new Map<string, { persona: string; cited: { source: string; citation?: string }; sours: GedcomNode[] }>();
  for (const { record, partners } of families) {
    for (const sour of record.children.filter((node) => node.tag === 'SOUR')) {
      if (partners.length === 0) {
        context.lose('FAM.SOUR', sour, 'family without partners: its citation is not kept (a family holds none)');
        continue;
      }
      const cited = citeMention(context, sour, 'FAM');
      if (!cited) continue;
      context.keptAs('FAM.SOUR', sour, 'a family holds no citation: kept as a mention claim on each partner; exports write it under their INDI');
      for (const { xref, who } of partners) {
        const key = mentionKey(xref, cited);
        const claim = context.mentions.get(key);
        if (claim) mapNotes(context, sour, claim, 'FAM.SOUR');
        else {
          const entry = planned.get(key);
          if (entry) entry.sours.push(sour);
          else planned.set(key, { persona: who.persona, cited, sours: [sour] });
        }
      }
    }
  }
  if (planned.size === 0) return;
  const entries = [...planned];
  const claims = context.services.assertionsService.captureMany(context.actor, entries.map(([, { persona, cited }]) => ({ persona, kind: MENTION, ...cited })));
  claims.forEach((claim, at) => {
    const [key, { sours }] = entries[at];
    context.mentions.set(key, context.created('assertion', claim.id));
    for (const sour of sours) mapNotes(context, sour, claim.id, 'FAM.SOUR');
  });
}
