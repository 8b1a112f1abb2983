import type { GedcomNode } from '@rootline/gedcom';
import type { MappingContext } from './context.js';

/** Which partners of the family adopted: GEDCOM's ADOP under ADOP.FAMC. */
export type AdoptedBy = 'HUSB' | 'WIFE' | 'BOTH';
const WHICH = new Set<string>(['HUSB', 'WIFE', 'BOTH']);

/**
 * An ADOP event's FAMC: the family that adopted the individual, and which of its partners
 * (its own ADOP: HUSB, WIFE or BOTH; when it does not say, both). Kept for the family pass,
 * where the child's parent edges from those partners become `adopted` (`adoptionOf`), unless
 * the link itself says otherwise (the child's FAMC.PEDI, the CHIL's `_FREL`/`_MREL`).
 */
export function readAdoption(context: MappingContext, child: string | undefined, adop: GedcomNode): void {
  for (const famc of adop.children) {
    if (famc.tag !== 'FAMC') continue;
    if (!famc.pointer || !child) {
      context.lose('INDI.ADOP.FAMC', famc, famc.pointer ? 'adoption of an individual without a cross-reference id' : 'names no family');
      continue;
    }
    const which = famc.children.find((part) => part.tag === 'ADOP');
    const said = which?.value?.trim().toUpperCase();
    if (said && !WHICH.has(said)) context.lose('INDI.ADOP.FAMC.ADOP', which, `"${which!.value}" is none of HUSB, WIFE, BOTH: taken as both`);
    for (const part of famc.children) if (part.tag !== 'ADOP') context.lose(`INDI.ADOP.FAMC.${part.tag}`, part, 'not kept on the parent edges');
    for (const part of which?.children ?? []) context.lose(`INDI.ADOP.FAMC.ADOP.${part.tag}`, part, 'not kept on the parent edges');
    const by: AdoptedBy = said === 'HUSB' ? 'HUSB' : said === 'WIFE' ? 'WIFE' : 'BOTH';
    context.adoptions.set(`${child} ${famc.pointer}`, { by, line: famc.line });
  }
}

/** Who in `family` adopted `child`, if an ADOP said so: taken once, as the family's edges to the child are read. */
export function adoptionOf(context: MappingContext, child: string, family: string): AdoptedBy | undefined {
  const key = `${child} ${family}`;
  const adoption = context.adoptions.get(key);
  context.adoptions.delete(key);
  return adoption?.by;
}

/** Adoptions by a family that never listed the child (CHIL): no parent edge was made to mark adopted (the adoption claim keeps its date). */
export function reportUnusedAdoptions(context: MappingContext): void {
  for (const { line } of context.adoptions.values()) context.loss.add('INDI.ADOP.FAMC', 'the adopting family does not list the child (CHIL): no parent edges to mark adopted', line);
  context.adoptions.clear();
}
