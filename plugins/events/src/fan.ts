import type { PageWindow, Tree } from '@rootline/kernel';
import type { PersonsService } from '@rootline/contracts/persons';
import type { PersonasService } from '@rootline/contracts/personas';
import { EDGE_TYPES, type EdgeType, type FanEdge, type FanNetworkDto, type FanNode, type FanPageDto } from './fan-schemas.js';
import { FanQueries } from './fan-queries.js';
import { FAN_BOUNDS, Neighbourhood, type Sighting } from './fan-neighbourhood.js';
import { windowRange } from './dates.js';
import { EventProblems } from './errors.js';

export interface FanRequest {
  focus: { kind: FanNode['kind']; id: string };
  window_start?: number;
  window_end?: number;
  /** Comma-separated edge types (the route's schema admits only known names). */
  edge_types?: string;
}

/** Paging key of an edge: its type, then the neighbour. Neither changes while a client pages, so no edge moves. */
type EdgeKey = [type: number, to: string];
const TYPE_ORDER: Record<EdgeType, number> = { shared_event: 0, association: 1, place_co_occurrence: 2 };
const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const edgeKey = (edge: FanEdge): EdgeKey => [TYPE_ORDER[edge.type], edge.to];
const compareKeys = (a: EdgeKey, b: EdgeKey) => a[0] - b[0] || byString(a[1], b[1]);
/** The unpaged order: by type, the heaviest first within each, then the neighbour. */
const byTypeThenWeight = (a: FanEdge, b: FanEdge) => TYPE_ORDER[a.type] - TYPE_ORDER[b.type] || b.weight - a.weight || byString(a.to, b.to);

interface Network {
  focus: FanNode;
  edges: FanEdge[];
  /** Labels of the persons among the neighbours (personas are labelled by name when shown). */
  labels: Map<string, string>;
  truncated: boolean;
  window_start: number | null;
  window_end: number | null;
  edge_types: EdgeType[];
}

/**
 * The FAN network (friends, associates, neighbours) of a person or a persona inside a year
 * window. A neighbour is a person: a persona concluded into an active person counts as that
 * person; a persona that is not is a neighbour of its own; a retracted person drops out.
 * README "FAN network" has the rules of each edge type.
 */
export class FanService {
  private readonly queries: FanQueries;

  constructor(tree: Tree, private readonly persons: PersonsService, private readonly personas: PersonasService) {
    this.queries = new FanQueries(tree);
  }

  /**
   * `GET /persons/{id}/fan-network`: the edges by type, the heaviest first within each (at
   * most `networkEdges`: the heaviest of all), and the nodes they name.
   */
  network(request: FanRequest): FanNetworkDto {
    const { edges: all, labels, ...network } = this.build(request);
    const edges = all.length > FAN_BOUNDS.networkEdges ? [...all].sort((a, b) => b.weight - a.weight).slice(0, FAN_BOUNDS.networkEdges) : [...all];
    edges.sort(byTypeThenWeight);
    return { ...network, truncated: network.truncated || edges.length < all.length, nodes: this.nodes(network.focus, edges, labels), edges };
  }

  /**
   * `GET /fan/query`: the same network, every edge, paged in (type, neighbour) order: a keyset
   * that never moves, so paging while events are added repeats or skips no edge (CONTRACT §5).
   */
  page(request: FanRequest, window: PageWindow<EdgeKey>): FanPageDto {
    const { edges, labels, ...network } = this.build(request);
    const page = window.read(
      (after, take) => (after ? edges.filter((edge) => compareKeys(edgeKey(edge), after) > 0) : edges).slice(0, take),
      edges.length,
      edgeKey,
    );
    return { ...page, ...network, nodes: this.nodes(network.focus, page.items, labels) };
  }

  private build(request: FanRequest): Network {
    const { window_start, window_end } = request;
    if (window_start !== undefined && window_end !== undefined && window_start > window_end) throw EventProblems.windowReversed(window_start, window_end);
    const wanted = request.edge_types?.split(',');
    const types = wanted ? EDGE_TYPES.filter((type) => wanted.includes(type)) : [...EDGE_TYPES];
    const { focus, subjects, self } = this.focus(request.focus);
    const around = new Neighbourhood(this.queries, subjects, windowRange(window_start, window_end));
    if (types.includes('shared_event')) around.sharedEvents();
    if (types.includes('association')) around.associations();
    if (types.includes('place_co_occurrence')) around.placeCoOccurrence();
    const { edges, labels } = this.edges(focus.id, around.sightings(), self);
    return { focus, edges, labels, truncated: around.truncated, window_start: window_start ?? null, window_end: window_end ?? null, edge_types: types };
  }

  /** The focus node, the subject ids that are the focus (a person and its personas), and the neighbour ids that are it. */
  private focus(given: FanRequest['focus']): { focus: FanNode; subjects: string[]; self: Set<string> } {
    if (given.kind === 'person') {
      const person = this.persons.require(given.id);
      const label = this.persons.labels([person.id])[0]?.label ?? person.display_name;
      return { focus: { id: person.id, kind: 'person', label }, subjects: [person.id, ...person.personas], self: new Set([person.id]) };
    }
    const persona = this.personas.get(given.id);
    if (!persona) throw EventProblems.personaNotFound(given.id);
    // A persona's own person is not its neighbour: it is the persona, concluded.
    const own = this.persons.personOfPersona(persona.id);
    return { focus: { id: persona.id, kind: 'persona', label: persona.name.display }, subjects: [persona.id], self: new Set(own ? [persona.id, own] : [persona.id]) };
  }

  /**
   * Sightings resolved to neighbours, in a batch: each persona to the active person it is
   * concluded into (or itself), then every person id through one `labels` call, which also
   * leaves out retracted persons. Evidence of one neighbour met as a person and through its
   * personas is merged. Edges in paging order; evidence ids in creation order (UUIDv7).
   */
  private edges(from: string, sightings: Sighting[], self: Set<string>): { edges: FanEdge[]; labels: Map<string, string> } {
    const personOf = new Map<string, string | null>();
    for (const { subject, kind } of sightings) if (kind === 'persona' && !personOf.has(subject)) personOf.set(subject, this.persons.personOfPersona(subject));
    const personIds = new Set<string>();
    for (const { subject, kind } of sightings) {
      const person = kind === 'person' ? subject : personOf.get(subject);
      if (person) personIds.add(person);
    }
    const labels = new Map(this.persons.labels([...personIds]).map((label) => [label.id, label.label]));
    const merged = new Map<string, { type: EdgeType; to: string; evidence: Set<string> }>();
    for (const sighting of sightings) {
      const person = sighting.kind === 'person' ? sighting.subject : personOf.get(sighting.subject);
      const to = person ?? sighting.subject;
      if ((person && !labels.has(person)) || self.has(to)) continue;
      const key = `${sighting.type} ${to}`;
      const edge = merged.get(key);
      if (edge) for (const id of sighting.evidence) edge.evidence.add(id);
      else merged.set(key, { type: sighting.type, to, evidence: new Set(sighting.evidence) });
    }
    const edges = [...merged.values()]
      .map(({ type, to, evidence }) => ({ type, from, to, weight: evidence.size, evidence: [...evidence].sort() }))
      .sort((a, b) => compareKeys(edgeKey(a), edgeKey(b)));
    return { edges, labels };
  }

  /** The focus, then the neighbours `edges` name: persons with their labels, personas with their names. */
  private nodes(focus: FanNode, edges: FanEdge[], labels: Map<string, string>): FanNode[] {
    const ids = [...new Set(edges.map((edge) => edge.to))];
    const names = new Map(this.personas.labels(ids.filter((id) => !labels.has(id))).map((label) => [label.id, label.label]));
    return [focus, ...ids.map((id): FanNode => (labels.has(id) ? { id, kind: 'person', label: labels.get(id)! } : { id, kind: 'persona', label: names.get(id) ?? id }))];
  }
}
