import type { PersonDto } from '@rootline/contracts/persons';
import type { AncestorEdge } from './store.js';
import type { Pedigree, PedigreeSlot } from './schemas.js';

/** What a slot shows of a person. */
export type PedigreePerson = Pick<PersonDto, 'id' | 'display_name' | 'sex' | 'birth' | 'death'>;

interface Placed {
  ahnentafel: number;
  parent: PedigreePerson;
  adopted: boolean;
}

/**
 * The Ahnentafel chart of `root`, generation by generation (breadth first, lowest slot first),
 * from the ancestor edges and the active persons they reach (an ancestor missing from `people`
 * was retracted: its slot and everything above it stay empty).
 *
 * - A child's parents are its birth parents; a child with no (active) birth parent shows its
 *   adoptive parents instead, flagged `pedigree: "adopted"`. Foster, step and unknown edges never.
 * - Side by sex: M goes to 2n, F to 2n+1, anyone else to the slot still free; a second parent of
 *   the same sex takes the other slot. At most two parents per child (edges in the order made).
 * - Pedigree collapse: a person already in the chart gets the later slot too, marked
 *   `collapsed: true` and `same_as` its first slot, and is not walked again, so the chart is
 *   finite whatever the graph.
 */
export function buildPedigree(root: PedigreePerson, generations: number, edges: AncestorEdge[], people: Map<string, PedigreePerson>): Pedigree {
  const parentsOf = new Map<string, AncestorEdge[]>();
  for (const edge of edges) {
    const list = parentsOf.get(edge.child);
    if (list) list.push(edge);
    else parentsOf.set(edge.child, [edge]);
  }
  const slots: PedigreeSlot[] = [slot(1, root)];
  const firstSlot = new Map<string, number>([[root.id, 1]]);
  let frontier: { ahnentafel: number; id: string }[] = [{ ahnentafel: 1, id: root.id }];
  for (let generation = 2; generation <= generations && frontier.length > 0; generation++) {
    const next: typeof frontier = [];
    for (const child of frontier) {
      for (const placed of place(child.ahnentafel, parentsOf.get(child.id) ?? [], people)) {
        const first = firstSlot.get(placed.parent.id);
        const extra = { ...(placed.adopted ? { pedigree: 'adopted' as const } : {}), ...(first ? { collapsed: true as const, same_as: first } : {}) };
        slots.push({ ...slot(placed.ahnentafel, placed.parent), ...extra });
        if (first) continue;
        firstSlot.set(placed.parent.id, placed.ahnentafel);
        next.push({ ahnentafel: placed.ahnentafel, id: placed.parent.id });
      }
    }
    frontier = next.sort((a, b) => a.ahnentafel - b.ahnentafel);
  }
  slots.sort((a, b) => a.ahnentafel - b.ahnentafel);
  return { person: root.id, generations, slots };
}

function slot(ahnentafel: number, person: PedigreePerson): PedigreeSlot {
  return { ahnentafel, person: person.id, display_name: person.display_name, birth: person.birth, death: person.death };
}

/** The (at most two) parents shown for the child in slot `n`, with their slots. */
function place(n: number, edges: AncestorEdge[], people: Map<string, PedigreePerson>): Placed[] {
  const active = edges.filter((edge) => people.has(edge.parent));
  const birth = active.filter((edge) => edge.pedigree === 'birth');
  // The store reads birth and adoptive edges only (foster, step and unknown are never charted).
  const chosen = birth.length > 0 ? birth : active;
  const adopted = birth.length === 0;
  const father = 2 * n;
  const mother = father + 1;
  const taken = new Map<number, PedigreePerson>();
  const put = (person: PedigreePerson, preferred: number, other: number) => {
    if (!taken.has(preferred)) taken.set(preferred, person);
    else if (!taken.has(other)) taken.set(other, person);
  };
  const parents = chosen.map((edge) => people.get(edge.parent) as PedigreePerson);
  for (const parent of parents) if (parent.sex === 'M') put(parent, father, mother);
  for (const parent of parents) if (parent.sex === 'F') put(parent, mother, father);
  for (const parent of parents) if (parent.sex !== 'M' && parent.sex !== 'F') put(parent, father, mother);
  return [...taken].sort(([a], [b]) => a - b).map(([ahnentafel, parent]) => ({ ahnentafel, parent, adopted }));
}
