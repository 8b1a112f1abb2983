import type { GedcomNode } from '@rootline/gedcom';
import type { MappingContext } from './context.js';
import { citeSources } from './map-source.js';

const clip = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);

/**
 * An INDI's ASSO (kept until every INDI is mapped, as it may point forward) -> an
 * association: the pointed individual is `role` (RELA in 5.5.1, ROLE with its PHRASE in 7.0;
 * `associate` when neither says) to the individual holding the ASSO. Its first SOUR becomes
 * the association's source, its inline NOTE the association's note.
 */
export function mapAssociation(context: MappingContext, asso: GedcomNode & { xref?: string }): void {
  const from = asso.xref ? context.individuals.get(asso.xref) : undefined;
  const to = asso.pointer ? context.individuals.get(asso.pointer) : undefined;
  if (!from || !to) return context.lose('INDI.ASSO', asso, asso.pointer ? `points to no individual (@${asso.pointer}@)` : 'names no individual');
  const role = asso.children.find((part) => part.tag === 'RELA' || part.tag === 'ROLE');
  const phrase = role?.children.find((part) => part.tag === 'PHRASE')?.value?.trim();
  const written = (phrase || role?.value?.trim() || 'associate').toLowerCase();
  const note = asso.children.find((part) => (part.tag === 'NOTE' || part.tag === 'SNOTE') && !part.pointer)?.value?.trim();
  const { source } = citeSources(context, asso, 'INDI.ASSO');
  const association = context.attempt('INDI.ASSO', asso, () =>
    context.services.associationsService.record(context.actor, {
      from: from.person,
      to: to.person,
      role: clip(written, 100),
      ...(source ? { source } : {}),
      ...(note ? { note: clip(note, 10_000) } : {}),
    }),
  );
  if (association) context.created('association', association.id);
  for (const part of asso.children) {
    if (!['RELA', 'ROLE', 'SOUR', 'NOTE', 'SNOTE'].includes(part.tag)) context.lose(`INDI.ASSO.${part.tag}`, part, 'not kept on the association');
    else if ((part.tag === 'NOTE' || part.tag === 'SNOTE') && part.pointer) context.lose(`INDI.ASSO.${part.tag}`, part, 'shared note on an association not kept');
  }
}
