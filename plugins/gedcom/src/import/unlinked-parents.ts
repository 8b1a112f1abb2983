import type { GedcomNode } from '@rootline/gedcom';
import type { MappingContext } from './context.js';
import { writeNote } from './map-note.js';

/**
 * Why a family's parents are not linked to a child it lists:
 * - `third-parent`: the child's two birth parents are linked already (bourbon.ged's @I148@, a
 *   child of @F108@ and of @F110@), and the family plugin refuses a third birth parent;
 * - `disproven`: the child's FAMC marks the link disproven (`STAT DISPROVEN`: "linking this child
 *   to this family is not believed to be correct"), so no edge asserts it (`link-status.ts`).
 */
export type Unlinked = 'third-parent' | 'disproven';

/**
 * What the file says is not lost for that: a note on the child names the parents it gives, for
 * the genealogist to weigh (and link the right parents, or these with another pedigree).
 */
export class UnlinkedParents {
  private readonly families = new Map<string, { child: string; family: string | undefined; parents: string[]; node: GedcomNode; why: Unlinked }>();

  /** A parent edge of the FAM `family` (its xref) not made, from `parent` to `child`, for `why`; `node` the line the note is written for. */
  add(edge: { child: string; parent: string }, family: string | undefined, node: GedcomNode, why: Unlinked): void {
    const key = `${why} ${edge.child} ${family ?? ''}`;
    const known = this.families.get(key);
    if (known) known.parents.push(edge.parent);
    else this.families.set(key, { child: edge.child, family, parents: [edge.parent], node, why });
  }

  /** The notes on the children, each naming the parents one family gives (their names and years, as a person's label). */
  write(context: MappingContext): void {
    if (this.families.size === 0) return;
    const ids = [...new Set([...this.families.values()].flatMap((each) => each.parents))];
    const names = new Map(context.services.personsService.labels(ids).map((each) => [each.id, each.label]));
    for (const { child, family, parents, node, why } of this.families.values()) {
      const who = parents.map((parent) => names.get(parent) ?? 'a person since removed').join(' and ');
      // The file's own xref, "its" so that no reader takes it for a family of an export.
      const where = family ? ` (its family @${family}@)` : '';
      const text = why === 'disproven' ? disproven(who, where) : thirdParent(who, parents.length > 1 ? 's' : '', where);
      writeNote(context, child, text, why === 'disproven' ? 'INDI.FAMC.STAT' : 'FAM.CHIL', node);
    }
    this.families.clear();
  }
}

const thirdParent = (who: string, plural: string, where: string) =>
  `The imported file also gives ${who} as this person's birth parent${plural}${where}. Not linked: this person has two birth parents already. Weigh the evidence for both families, then link the right parents (or these with another pedigree: adopted, foster, step).`;

const disproven = (who: string, where: string) => `The imported file lists this person as a child of ${who}${where}, and marks that link disproven: not linked.`;

/** How the loss report lists a third birth parent. */
export const THIRD_PARENT = 'a third birth parent: not linked (a person has two at most); kept as a note on the child naming the parents this family gives';
