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

/**
 * Children placed, or families numbered, between two pauses of `finish`: about 10 ms of work.
 * All of it at once held the event loop 300-400 ms at 102,000 persons.
 */
const BETWEEN_PAUSES = 5000;

/**
 * The index holds the whole tree's families while the export runs: at a million persons, half a
 * million families. So it keeps each person's id once (`person`: each edge's row brings its own
 * copy), finds a family by its partners instead of by a string of both ids, and gives its short
 * lists their length (a list grown by `push` takes room for 17).
 */
export class FamilyIndex {
  /** The units in the order made: F1, F2, ... */
  private readonly units: FamilyUnit[] = [];
  private readonly parentsOf = new Map<string, { parent: string; pedigree: string; edge: string }[]>();
  /** person -> the units they are a partner in (FAMS), in the order made, and the units they are a child in, with pedigree (FAMC). */
  readonly asPartner = new Map<string, FamilyUnit[]>();
  readonly asChild = new Map<string, { unit: FamilyUnit; pedigree: string; edges: string[] }[]>();
  /** Each person's id as first read, until the units are numbered. */
  private ids: Map<string, string> | undefined = new Map();

  /** Feeds one batch of edges (the family plugin's walk); `finish` once all are in. */
  add(edges: readonly RelationshipDto[]): void {
    for (const edge of edges) {
      if (edge.kind === 'spouse' && edge.partners) {
        const unit = this.unit(this.person(edge.partners[0]), this.person(edge.partners[1]));
        unit.spouseEdge ??= edge.id;
      } else if (edge.kind === 'parent' && edge.parent && edge.child) {
        const child = this.person(edge.child);
        this.parentsOf.set(child, append(this.parentsOf.get(child), { parent: this.person(edge.parent), pedigree: edge.pedigree ?? 'birth', edge: edge.id }));
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
    this.ids = undefined;
    let n = 0;
    for (const unit of this.units) {
      unit.xref = `F${++n}`;
      for (const { child, pedigree, edges } of unit.children) this.asChild.set(child, append(this.asChild.get(child), { unit, pedigree, edges }));
      if (n % BETWEEN_PAUSES === 0) await pause();
    }
  }

  /** Every unit, those made from a lone partner's event included (call after the INDI records). */
  all(): FamilyUnit[] {
    return [...this.units];
  }

  /** The unit two persons are the partners of, if any (family events belong there). */
  ofPair(a: string, b: string): FamilyUnit | undefined {
    return this.asPartner.get(a)?.find(({ partners }) => partners.length === 2 && (partners[0] === a ? partners[1] === b : partners[0] === b));
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
    let unit = this.alone(only.person);
    if (!unit) {
      // A family of one partner and no child has no edge: it is made here, from its event, and numbered after the others.
      unit = this.unit(only.person);
      unit.xref = `F${this.units.length}`;
    }
    return unit;
  }

  private placeChild(child: string, parents: { parent: string; pedigree: string; edge: string }[]): void {
    const left = [...parents];
    while (left.length > 0) {
      const first = left.shift()!;
      const same = left.filter((other) => other.pedigree === first.pedigree);
      const partner = same.find((other) => this.ofPair(first.parent, other.parent) !== undefined) ?? (same.length === 1 ? same[0] : undefined);
      if (partner) left.splice(left.indexOf(partner), 1);
      const unit = partner ? this.unit(first.parent, partner.parent) : this.unit(first.parent);
      unit.children = append(unit.children, { child, pedigree: first.pedigree, edges: partner ? [first.edge, partner.edge] : [first.edge] });
    }
  }

  /** The unit of these partners (one or two), made if there is none yet. */
  private unit(a: string, b?: string): FamilyUnit {
    let unit = b === undefined ? this.alone(a) : this.ofPair(a, b);
    if (!unit) {
      unit = { xref: '', partners: b === undefined ? [a] : [a, b], children: [] };
      this.units.push(unit);
      this.asPartner.set(a, append(this.asPartner.get(a), unit));
      if (b !== undefined) this.asPartner.set(b, append(this.asPartner.get(b), unit));
    }
    return unit;
  }

  /** The unit of a lone partner (a single parent's family). */
  private alone(person: string): FamilyUnit | undefined {
    return this.asPartner.get(person)?.find(({ partners }) => partners.length === 1);
  }

  /** The one copy of a person's id this index keeps. */
  private person(id: string): string {
    const ids = this.ids!;
    const known = ids.get(id);
    if (known !== undefined) return known;
    ids.set(id, id);
    return id;
  }
}

/**
 * `list` with `value` after it: a new list of that length while it is short, so each holds only
 * room for what it has (most persons are in one or two families, most families have a few
 * children); a long one grows in place, so a family of thousands costs no copying.
 */
function append<V>(list: V[] | undefined, value: V): V[] {
  if (list === undefined) return [value];
  if (list.length >= SHORT) {
    list.push(value);
    return list;
  }
  const longer = new Array<V>(list.length + 1);
  for (let i = 0; i < list.length; i++) longer[i] = list[i];
  longer[list.length] = value;
  return longer;
}

/** A list this long or longer grows by `push`. */
const SHORT = 16;
