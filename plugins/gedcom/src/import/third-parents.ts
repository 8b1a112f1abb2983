import type { GedcomNode } from '@rootline/gedcom';
import type { MappingContext } from './context.js';
import { writeNote } from './map-note.js';

/**
 * A child a second family lists while its two birth parents are linked already (bourbon.ged's
 * @I148@, a child of @F108@ and of @F110@): the family plugin refuses a third birth parent, so
 * the second family's parents are not linked. What the file says is not lost for that: a note
 * on the child names them, for the genealogist to weigh the two families' evidence and link the
 * right parents (or these with another pedigree: adopted, foster, step).
 */
export class ThirdParents {
  private readonly families = new Map<string, { child: string; family: string | undefined; parents: string[]; node: GedcomNode }>();

  /** A refused parent edge of the FAM `family` (its xref), from `parent` to `child`; reported as kept as a note. */
  add(context: MappingContext, edge: { child: string; parent: string }, family: string | undefined, node: GedcomNode): void {
    context.keptAs('FAM.CHIL', node, THIRD_PARENT);
    const key = `${edge.child} ${family ?? ''}`;
    const known = this.families.get(key);
    if (known) known.parents.push(edge.parent);
    else this.families.set(key, { child: edge.child, family, parents: [edge.parent], node });
  }

  /** The notes on the children, each naming the parents one family gives (their names and years, as a person's label). */
  write(context: MappingContext): void {
    if (this.families.size === 0) return;
    const ids = [...new Set([...this.families.values()].flatMap((each) => each.parents))];
    const names = new Map(context.services.personsService.labels(ids).map((each) => [each.id, each.label]));
    for (const { child, family, parents, node } of this.families.values()) {
      const who = parents.map((parent) => names.get(parent) ?? 'a person since removed').join(' and ');
      writeNote(context, child, `The imported file also gives ${who} as this person's birth parent${parents.length > 1 ? 's' : ''}${family ? ` (family @${family}@)` : ''}. Not linked: this person has two birth parents already. Weigh the evidence for both families, then link the right parents (or these with another pedigree: adopted, foster, step).`, 'FAM.CHIL', node);
    }
    this.families.clear();
  }
}

const THIRD_PARENT = 'a third birth parent: not linked (a person has two at most); kept as a note on the child naming the parents this family gives';
