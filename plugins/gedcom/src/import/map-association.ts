import type { GedcomNode } from '@rootline/gedcom';
import type { MappingContext } from './context.js';
import { citeSources } from './map-source.js';
import { noteTexts } from './map-note.js';
import { clip, fieldValue, keepWholeTexts, type FieldText } from './long-text.js';

/**
 * An INDI's ASSO (kept until every INDI is mapped, as it may point forward) -> an
 * association: the pointed individual is `role` (RELA in 5.5.1, ROLE with its PHRASE in 7.0;
 * `associate` when neither says) to the individual holding the ASSO. Its first SOUR becomes
 * the association's source, its NOTEs (inline or shared, a blank line apart) the association's
 * note. An association holds a source, not a citation: a page cited is kept as a citation of
 * the source and reported, as are further SOURs.
 */
export function mapAssociation(context: MappingContext, asso: GedcomNode & { xref?: string }): void {
  const from = asso.xref ? context.individuals.get(asso.xref) : undefined;
  const to = asso.pointer ? context.individuals.get(asso.pointer) : undefined;
  if (!from || !to) return context.lose('INDI.ASSO', asso, asso.pointer ? `points to no individual (@${asso.pointer}@)` : 'names no individual');
  const role = asso.children.find((part) => part.tag === 'RELA' || part.tag === 'ROLE');
  const phrase = role?.children.find((part) => part.tag === 'PHRASE')?.value?.trim();
  const written = (phrase || role?.value?.trim() || 'associate').toLowerCase();
  const notes = noteTexts(context, asso, 'INDI.ASSO').flatMap(({ text }) => (text?.trim() ? [text.trim()] : []));
  const note: FieldText | undefined = notes.length ? { value: notes.join('\n\n'), max: 10_000, label: 'Note', path: 'INDI.ASSO.NOTE', node: asso } : undefined;
  const { source, citation } = citeSources(context, asso, 'INDI.ASSO');
  const sours = asso.children.filter((part) => part.tag === 'SOUR');
  if (citation) context.lose('INDI.ASSO.SOUR', sours[0], 'an association holds a source, not where in it: the page (text, quality) is kept as a citation of the source, not linked to the association');
  for (const further of sours.slice(1)) context.lose('INDI.ASSO.SOUR', further, 'an association holds one source: further sources not kept on it');
  const association = context.attempt('INDI.ASSO', asso, () =>
    context.services.associationsService.record(context.actor, {
      from: from.person,
      to: to.person,
      role: clip(written, 100),
      ...(source ? { source } : {}),
      ...(note ? { note: fieldValue(note) } : {}),
    }),
  );
  if (association) {
    context.created('association', association.id);
    keepWholeTexts(context, association.id, [note], 'association');
  }
  for (const part of asso.children) {
    if (!['RELA', 'ROLE', 'SOUR', 'NOTE', 'SNOTE'].includes(part.tag)) context.lose(`INDI.ASSO.${part.tag}`, part, 'not kept on the association');
  }
}
