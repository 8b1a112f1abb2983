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
import { IntList } from './int-list.js';

export interface FamilyUnit {
  readonly xref: string;
  /** One or two persons, in the order the spouse edge (or the child's parents) names them. */
  readonly partners: readonly string[];
  /** Each child with its pedigree and its parent edges from the unit's partners (their notes are written under the child's FAMC). */
  readonly children: readonly FamilyChild[];
  /** The spouse edge, when the partners have one: the importer hangs a FAM's notes on it. */
  readonly spouseEdge?: string;
  /** The first child's first parent edge, if the unit has a child. */
  readonly firstChildEdge?: string;
}

export interface FamilyChild {
  child: string;
  pedigree: string;
  edges: string[];
}

/** A child's place in a family: the unit, its pedigree there, and its parent edges from the unit's partners. */
export interface ChildOf {
  unit: FamilyUnit;
  pedigree: string;
  edges: string[];
}

/**
 * The edge a family's notes are kept on: its spouse edge; for a family of one partner (which has
 * none), the edge to its first child, where the importer hangs a FAM's notes (its first edge).
 */
export function familyAnchor(unit: FamilyUnit): string | undefined {
  if (unit.spouseEdge) return unit.spouseEdge;
  return unit.partners.length === 1 ? unit.firstChildEdge : undefined;
}

/**
 * Children placed, or families numbered, between two pauses of `finish`: about 10 ms of work.
 * All of it at once held the event loop 300-400 ms at 102,000 persons.
 */
const BETWEEN_PAUSES = 5000;

/** No person, unit, child or edge. */
const NONE = -1;

/**
 * The index holds the whole tree's families while the export runs: at a million persons, half a
 * million families. So it holds them as numbers: each person's id once, numbered as first met;
 * the units (families), their children and each person's lists of units in typed arrays, each
 * list linked through them in the order made. A unit is handed out as a small view (`Family`)
 * that reads them; the view of a family of thousands of children reads the children only when
 * asked. Objects for every family and child (about 1 KB a family) held 500 MB at a million
 * persons.
 */
export class FamilyIndex {
  /** Person numbers: the id of each, and the number of each id. */
  private readonly ids: string[] = [];
  private readonly numbers = new Map<string, number>();
  /** Per person: the first and last of their partner slots (a unit's slot 2u is its first partner, 2u + 1 its second), and of their child entries. */
  private readonly firstSlot = new IntList();
  private readonly lastSlot = new IntList();
  private readonly firstEntry = new IntList();
  private readonly lastEntry = new IntList();
  /** Per person: their parent edges in the order read (until `finish` places them). */
  private readonly firstParentEdge = new IntList();
  private readonly lastParentEdge = new IntList();

  /** Per unit: its partners (the second NONE for a lone partner), its spouse edge's id, its first and last child entry. */
  private readonly partnerA = new IntList();
  private readonly partnerB = new IntList();
  private readonly spouseEdges: (string | undefined)[] = [];
  private readonly firstChild = new IntList();
  private readonly lastChild = new IntList();
  /** Per slot: the next slot of the same person. */
  private readonly nextSlot = new IntList();

  /** Per child entry: its unit, child, pedigree, parent edges (the second NONE for one), the next entry of its unit and of its child. */
  private readonly entryUnit = new IntList();
  private readonly entryChild = new IntList();
  private readonly entryPedigree = new IntList();
  private readonly entryEdgeA = new IntList();
  private readonly entryEdgeB = new IntList();
  private readonly nextOfUnit = new IntList();
  private readonly nextOfChild = new IntList();

  /** Per parent edge: its id, parent, pedigree and the next of the same child. */
  private readonly edgeIds: string[] = [];
  private readonly edgeParent = new IntList();
  private readonly edgePedigree = new IntList();
  private readonly nextParentEdge = new IntList();
  /** The children in the order their first parent edge was read: the order they are placed in. */
  private readonly childOrder = new IntList();

  /** Per person: their sex as their INDI record gave it (`noteSex`), which makes a partner HUSB or WIFE. */
  private readonly sexes: (string | null | undefined)[] = [];

  /** Each pedigree word once, by number. */
  private readonly pedigrees: string[] = [];
  private readonly pedigreeNumbers = new Map<string, number>();

  /** Feeds one batch of edges (the family plugin's walk); `finish` once all are in. */
  add(edges: readonly RelationshipDto[]): void {
    for (const edge of edges) {
      if (edge.kind === 'spouse' && edge.partners) {
        const unit = this.unit(this.person(edge.partners[0]), this.person(edge.partners[1]));
        this.spouseEdges[unit] ??= edge.id;
      } else if (edge.kind === 'parent' && edge.parent && edge.child) {
        this.addParentEdge(this.person(edge.child), this.person(edge.parent), this.pedigree(edge.pedigree ?? 'birth'), edge.id);
      }
    }
  }

  /**
   * Places every child in a unit, then links each child to its units in the order they were
   * made (F1, F2, ...), awaiting `pause` every few thousand of each.
   */
  async finish(pause: () => Promise<void>): Promise<void> {
    for (let i = 0; i < this.childOrder.length; i++) {
      const child = this.childOrder.at(i);
      const parents: number[] = [];
      for (let edge = this.firstParentEdge.at(child); edge !== NONE; edge = this.nextParentEdge.at(edge)) parents.push(edge);
      this.placeChild(child, parents);
      if ((i + 1) % BETWEEN_PAUSES === 0) await pause();
    }
    for (let unit = 0; unit < this.count; unit++) {
      for (let entry = this.firstChild.at(unit); entry !== NONE; entry = this.nextOfUnit.at(entry)) {
        const child = this.entryChild.at(entry);
        if (this.lastEntry.at(child) === NONE) this.firstEntry.set(child, entry);
        else this.nextOfChild.set(this.lastEntry.at(child), entry);
        this.lastEntry.set(child, entry);
      }
      if ((unit + 1) % BETWEEN_PAUSES === 0) await pause();
    }
  }

  /** How many units there are, those made from a lone partner's event included (ask after the INDI records). */
  get count(): number {
    return this.partnerA.length;
  }

  /** The units from `start` up to `end`, in file order. */
  slice(start: number, end: number): FamilyUnit[] {
    const units: FamilyUnit[] = [];
    for (let unit = start; unit < Math.min(end, this.count); unit++) units.push(new Family(this, unit));
    return units;
  }

  /** The units a person is a partner in (FAMS), in the order made. */
  asPartner(person: string): FamilyUnit[] {
    const units: FamilyUnit[] = [];
    const number = this.numbers.get(person);
    if (number === undefined) return units;
    for (let slot = this.firstSlot.at(number); slot !== NONE; slot = this.nextSlot.at(slot)) units.push(new Family(this, slot >> 1));
    return units;
  }

  /** The units a person is a child in (FAMC), in file order, each with the pedigree and parent edges. */
  asChild(person: string): ChildOf[] {
    const places: ChildOf[] = [];
    const number = this.numbers.get(person);
    if (number === undefined) return places;
    for (let entry = this.firstEntry.at(number); entry !== NONE; entry = this.nextOfChild.at(entry)) {
      places.push({ unit: new Family(this, this.entryUnit.at(entry)), pedigree: this.pedigrees[this.entryPedigree.at(entry)], edges: this.entryEdges(entry) });
    }
    return places;
  }

  /** The unit two persons are the partners of, if any (family events belong there). */
  ofPair(a: string, b: string): FamilyUnit | undefined {
    const first = this.numbers.get(a);
    const second = this.numbers.get(b);
    if (first === undefined || second === undefined) return undefined;
    const unit = this.pair(first, second);
    return unit === NONE ? undefined : new Family(this, unit);
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
    // A family of one partner and no child has no edge: it is made here, from its event, and numbered after the others.
    return new Family(this, this.unit(this.person(only.person)));
  }

  /** Keeps a person's sex, if they are a partner in a family, for their FAM records (`sexOf`). */
  noteSex(person: string, sex: string | null): void {
    const number = this.numbers.get(person);
    if (number !== undefined) this.sexes[number] = sex;
  }

  /** A person's sex as noted; undefined for one not noted (withheld, or no partner). */
  sexOf(person: string): string | null | undefined {
    const number = this.numbers.get(person);
    return number === undefined ? undefined : this.sexes[number];
  }

  /** A unit's partners' ids. */
  partnersOf(unit: number): string[] {
    const b = this.partnerB.at(unit);
    return b === NONE ? [this.ids[this.partnerA.at(unit)]] : [this.ids[this.partnerA.at(unit)], this.ids[b]];
  }

  spouseEdgeOf(unit: number): string | undefined {
    return this.spouseEdges[unit];
  }

  /** A unit's children, in the order placed. */
  childrenOf(unit: number): FamilyChild[] {
    const children: FamilyChild[] = [];
    for (let entry = this.firstChild.at(unit); entry !== NONE; entry = this.nextOfUnit.at(entry)) {
      children.push({ child: this.ids[this.entryChild.at(entry)], pedigree: this.pedigrees[this.entryPedigree.at(entry)], edges: this.entryEdges(entry) });
    }
    return children;
  }

  firstChildEdgeOf(unit: number): string | undefined {
    const entry = this.firstChild.at(unit);
    return entry === NONE ? undefined : this.edgeIds[this.entryEdgeA.at(entry)];
  }

  private placeChild(child: number, parents: number[]): void {
    const left = [...parents];
    while (left.length > 0) {
      const first = left.shift()!;
      const firstParent = this.edgeParent.at(first);
      const same = left.filter((other) => this.edgePedigree.at(other) === this.edgePedigree.at(first));
      const partner = same.find((other) => this.pair(firstParent, this.edgeParent.at(other)) !== NONE) ?? (same.length === 1 ? same[0] : undefined);
      if (partner !== undefined) left.splice(left.indexOf(partner), 1);
      const unit = this.unit(firstParent, partner === undefined ? undefined : this.edgeParent.at(partner));
      this.addChild(unit, child, first, partner ?? NONE);
    }
  }

  /** The unit of these partners (one or two), made if there is none yet. */
  private unit(a: number, b?: number): number {
    const found = b === undefined ? this.alone(a) : this.pair(a, b);
    if (found !== NONE) return found;
    const unit = this.partnerA.push(a);
    this.partnerB.push(b ?? NONE);
    this.spouseEdges.push(undefined);
    this.firstChild.push(NONE);
    this.lastChild.push(NONE);
    this.nextSlot.push(NONE);
    this.nextSlot.push(NONE);
    this.linkSlot(a, 2 * unit);
    if (b !== undefined) this.linkSlot(b, 2 * unit + 1);
    return unit;
  }

  /** The unit whose partners are `a` and `b`, in either order, or NONE. */
  private pair(a: number, b: number): number {
    for (let slot = this.firstSlot.at(a); slot !== NONE; slot = this.nextSlot.at(slot)) {
      const unit = slot >> 1;
      const first = this.partnerA.at(unit);
      const second = this.partnerB.at(unit);
      if (second !== NONE && (first === a ? second === b : first === b)) return unit;
    }
    return NONE;
  }

  /** The unit of a lone partner (a single parent's family), or NONE. */
  private alone(person: number): number {
    for (let slot = this.firstSlot.at(person); slot !== NONE; slot = this.nextSlot.at(slot)) {
      if (this.partnerB.at(slot >> 1) === NONE) return slot >> 1;
    }
    return NONE;
  }

  private linkSlot(person: number, slot: number): void {
    if (this.lastSlot.at(person) === NONE) this.firstSlot.set(person, slot);
    else this.nextSlot.set(this.lastSlot.at(person), slot);
    this.lastSlot.set(person, slot);
  }

  private addChild(unit: number, child: number, edgeA: number, edgeB: number): void {
    const entry = this.entryUnit.push(unit);
    this.entryChild.push(child);
    this.entryPedigree.push(this.edgePedigree.at(edgeA));
    this.entryEdgeA.push(edgeA);
    this.entryEdgeB.push(edgeB);
    this.nextOfUnit.push(NONE);
    this.nextOfChild.push(NONE);
    if (this.lastChild.at(unit) === NONE) this.firstChild.set(unit, entry);
    else this.nextOfUnit.set(this.lastChild.at(unit), entry);
    this.lastChild.set(unit, entry);
  }

  private addParentEdge(child: number, parent: number, pedigree: number, id: string): void {
    const edge = this.edgeParent.push(parent);
    this.edgeIds.push(id);
    this.edgePedigree.push(pedigree);
    this.nextParentEdge.push(NONE);
    if (this.lastParentEdge.at(child) === NONE) {
      this.childOrder.push(child);
      this.firstParentEdge.set(child, edge);
    } else this.nextParentEdge.set(this.lastParentEdge.at(child), edge);
    this.lastParentEdge.set(child, edge);
  }

  private entryEdges(entry: number): string[] {
    const b = this.entryEdgeB.at(entry);
    const a = this.edgeIds[this.entryEdgeA.at(entry)];
    return b === NONE ? [a] : [a, this.edgeIds[b]];
  }

  /** A person's number, given when first met. */
  private person(id: string): number {
    const known = this.numbers.get(id);
    if (known !== undefined) return known;
    const number = this.ids.push(id) - 1;
    this.numbers.set(id, number);
    for (const list of [this.firstSlot, this.lastSlot, this.firstEntry, this.lastEntry, this.firstParentEdge, this.lastParentEdge]) list.push(NONE);
    return number;
  }

  private pedigree(word: string): number {
    const known = this.pedigreeNumbers.get(word);
    if (known !== undefined) return known;
    this.pedigreeNumbers.set(word, this.pedigrees.length);
    return this.pedigrees.push(word) - 1;
  }
}

/** One unit of the index as the records read it; its children are read once, when first asked. */
class Family implements FamilyUnit {
  private kids: FamilyChild[] | undefined;

  constructor(private readonly index: FamilyIndex, private readonly unit: number) {}

  get xref(): string {
    return `F${this.unit + 1}`;
  }

  get partners(): string[] {
    return this.index.partnersOf(this.unit);
  }

  get children(): FamilyChild[] {
    return (this.kids ??= this.index.childrenOf(this.unit));
  }

  get spouseEdge(): string | undefined {
    return this.index.spouseEdgeOf(this.unit);
  }

  get firstChildEdge(): string | undefined {
    return this.index.firstChildEdgeOf(this.unit);
  }
}
