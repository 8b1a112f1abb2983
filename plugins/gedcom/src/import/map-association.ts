import type { GedcomNode } from '@rootline/gedcom';
import type { MappingContext } from './context.js';
import { citeSources } from './map-source.js';
import { noteTexts } from './map-note.js';
import { clip, fieldValue, keepWholeTexts, type FieldText } from './long-text.js';
import { ALIAS } from '../alias.js';
import { proposeAliasMerge } from './alias-proposal.js';

/**
 * An INDI's ASSO, or ALIA pointing at another INDI (kept until every INDI is mapped, as it may
 * point forward) -> an
 * association: the pointed individual is `role` (RELA in 5.5.1, ROLE with its PHRASE in 7.0;
 * `associate` when neither says) to the individual holding the ASSO. Its first SOUR becomes
 * the association's source, its NOTEs (inline or shared, a blank line apart) the association's
 * note. An association holds a source, not a citation: a page cited is kept as a citation of
 * the source and reported, as are further SOURs.
 */
export function mapAssociation(context: MappingContext, asso: GedcomNode & { xref?: string }): void {
  const path = `INDI.${asso.tag}`;
  const from = asso.xref ? context.individuals.get(asso.xref) : undefined;
  const to = asso.pointer ? context.individuals.get(asso.pointer) : undefined;
  if (!from || !to) return context.lose(path, asso, asso.pointer ? `points to no individual (@${asso.pointer}@)` : 'names no individual');
  const role = asso.children.find((part) => part.tag === 'RELA' || part.tag === 'ROLE');
  const phrase = role?.children.find((part) => part.tag === 'PHRASE')?.value?.trim();
  // As written: the associations service keeps every role in lower case, its spaces made single.
  const written = asso.tag === 'ALIA' ? ALIAS : phrase || role?.value?.trim() || 'associate';
  const notes = noteTexts(context, asso, path).flatMap(({ text }) => (text?.trim() ? [text.trim()] : []));
  const note: FieldText | undefined = notes.length ? { value: notes.join('\n\n'), max: 10_000, label: 'Note', path: `${path}.NOTE`, node: asso } : undefined;
  const { source, citation } = citeSources(context, asso, path);
  const sours = asso.children.filter((part) => part.tag === 'SOUR');
  if (citation) context.lose(`${path}.SOUR`, sours[0], 'an association holds a source, not where in it: the page (text, quality) is kept as a citation of the source, not linked to the association');
  for (const further of sours.slice(1)) context.lose(`${path}.SOUR`, further, 'an association holds one source: further sources not kept on it');
  const association = context.attempt(path, asso, () =>
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
    if (asso.tag === 'ALIA') {
      context.keptAs(path, asso, `kept as an association of role "${ALIAS}" (another record of the same individual), and proposed as a merge for the human to approve or deny; exports write it back as ALIA`);
      proposeAliasMerge(context, asso, from.person, to.person);
    }
  }
  for (const part of asso.children) {
    if (!['RELA', 'ROLE', 'SOUR', 'NOTE', 'SNOTE'].includes(part.tag)) context.lose(`${path}.${part.tag}`, part, 'not kept on the association');
  }
  for (const part of role?.children ?? []) if (part.tag !== 'PHRASE') context.lose(`${path}.${role!.tag}.${part.tag}`, part, 'not kept on the association');
}
