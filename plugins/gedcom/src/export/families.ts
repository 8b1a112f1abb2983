/**
 * Rootline keeps a family as edges (parent -> child, partner -- partner); GEDCOM keeps FAM
 * records. This rebuilds the FAMs from the edges:
 *
 * - each spouse edge is a FAM with its two partners;
 * - a child's parents are paired when they have the same pedigree (both birth, both adoptive,
 *   ...), a spouse pair first, and the child goes into that pair's FAM (one without a spouse
 *   edge is made for two parents who are not recorded as partners);
 * - a parent left over has a FAM of their own with the child (a single-parent family).
 *
 * So every edge is written exactly once, and a file read back gives the same edges (a FAM
 * of two parents without a spouse edge comes back with one: the importer makes a spouse edge
 * for every HUSB and WIFE).
 */
import type { RelationshipDto } from '@rootline/contracts/family';

export interface FamilyUnit {
  xref: string;
  /** One or two persons, in the order the spouse edge (or the child's parents) names them. */
  partners: string[];
  /** Each child with its pedigree and its parent edges from the unit's partners (their notes are written under the child's FAMC). */
  children: { child: string; pedigree: string; edges: string[] }[];
  /** The spouse edge, when the partners have one: the importer hangs a FAM's notes on it. */
  spouseEdge?: string;
}

/**
 * The edge a family's notes are kept on: its spouse edge; for a family of one partner (which has
 * none), the edge to its first child, where the importer hangs a FAM's notes (its first edge).
 */
export function familyAnchor(unit: FamilyUnit): string | undefined {
  if (unit.spouseEdge) return unit.spouseEdge;
  return unit.partners.length === 1 ? unit.children[0]?.edges[0] : undefined;
}

const pairKey = (a: string, b: string) => (a < b ? `${a} ${b}` : `${b} ${a}`);

/**
 * Children placed, or families numbered, between two pauses of `finish`: about 10 ms of work.
 * All of it at once held the event loop 300-400 ms at 102,000 persons.
 */
const BETWEEN_PAUSES = 5000;

export class FamilyIndex {
  private readonly units = new Map<string, FamilyUnit>();
  private readonly parentsOf = new Map<string, { parent: string; pedigree: string; edge: string }[]>();
  /** person -> the units they are a partner in (FAMS), and the units they are a child in, with pedigree (FAMC). */
  readonly asPartner = new Map<string, FamilyUnit[]>();
  readonly asChild = new Map<string, { unit: FamilyUnit; pedigree: string; edges: string[] }[]>();

  /** Feeds one batch of edges (the family plugin's walk); `finish` once all are in. */
  add(edges: readonly RelationshipDto[]): void {
    for (const edge of edges) {
      if (edge.kind === 'spouse' && edge.partners) {
        const unit = this.unit(pairKey(edge.partners[0], edge.partners[1]), edge.partners);
        unit.spouseEdge ??= edge.id;
      } else if (edge.kind === 'parent' && edge.parent && edge.child) {
        const parents = this.parentsOf.get(edge.child) ?? [];
        parents.push({ parent: edge.parent, pedigree: edge.pedigree ?? 'birth', edge: edge.id });
        this.parentsOf.set(edge.child, parents);
      }
    }
  }

  /**
   * Places every child in a unit, then numbers the units F1, F2, ... in the order they were
   * made, awaiting `pause` every few thousand of each.
   */
  async finish(pause: () => Promise<void>): Promise<void> {
    let placed = 0;
    for (const [child, parents] of this.parentsOf) {
      this.placeChild(child, parents);
      if (++placed % BETWEEN_PAUSES === 0) await pause();
    }
    this.parentsOf.clear();
    let n = 0;
    for (const unit of this.units.values()) {
      unit.xref = `F${++n}`;
      for (const partner of unit.partners) push(this.asPartner, partner, unit);
      for (const { child, pedigree, edges } of unit.children) push(this.asChild, child, { unit, pedigree, edges });
      if (n % BETWEEN_PAUSES === 0) await pause();
    }
  }

  /** Every unit, those made from a lone partner's event included (call after the INDI records). */
  all(): FamilyUnit[] {
    return [...this.units.values()];
  }

  /** The unit two persons are the partners of, if any (family events belong there). */
  ofPair(a: string, b: string): FamilyUnit | undefined {
    return this.units.get(pairKey(a, b));
  }

  /**
   * The family an event belongs to, if it is a family's: the unit of its first two persons, or,
   * for one person taking part as `husband` or `wife` (the roles a FAM's events give), their
   * family without a partner (a FAM with one HUSB and a MARR).
   */
  ofEvent(persons: readonly { person: string; role: string }[]): FamilyUnit | undefined {
    if (persons.length >= 2) return this.ofPair(persons[0].person, persons[1].person);
    const [only] = persons;
    if (!only || (only.role !== 'husband' && only.role !== 'wife')) return undefined;
    let unit = this.units.get(only.person);
    if (!unit) {
      // A family of one partner and no child has no edge: it is made here, from its event, and numbered after the others.
      unit = this.unit(only.person, [only.person]);
      unit.xref = `F${this.units.size}`;
      push(this.asPartner, only.person, unit);
    }
    return unit;
  }

  private placeChild(child: string, parents: { parent: string; pedigree: string; edge: string }[]): void {
    const left = [...parents];
    while (left.length > 0) {
      const first = left.shift()!;
      const same = left.filter((other) => other.pedigree === first.pedigree);
      const partner = same.find((other) => this.units.has(pairKey(first.parent, other.parent))) ?? (same.length === 1 ? same[0] : undefined);
      if (partner) left.splice(left.indexOf(partner), 1);
      const unit = partner ? this.unit(pairKey(first.parent, partner.parent), [first.parent, partner.parent]) : this.unit(first.parent, [first.parent]);
      unit.children.push({ child, pedigree: first.pedigree, edges: partner ? [first.edge, partner.edge] : [first.edge] });
    }
  }

  private unit(key: string, partners: string[]): FamilyUnit {
    let unit = this.units.get(key);
    if (!unit) {
      unit = { xref: '', partners: [...partners], children: [] };
      this.units.set(key, unit);
    }
    return unit;
  }
}

function push<V>(map: Map<string, V[]>, key: string, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
