import { Type, type Static } from '@sinclair/typebox';
import { Nullable, PagingQuery, Uuid } from '@rootline/kernel';

export const EDGE_TYPES = ['shared_event', 'association', 'place_co_occurrence'] as const;
export type EdgeType = (typeof EDGE_TYPES)[number];

const EDGE_TYPE = `(${EDGE_TYPES.join('|')})`;
const Year = (description: string) => Type.Integer({ minimum: 1, maximum: 9999, description });

/** The query both FAN routes share. */
const WindowQuery = {
  window_start: Type.Optional(Year('First year of the window (inclusive). An event is inside when the year of its sort date is (its first possible day; AFT x: the end of x)')),
  window_end: Type.Optional(Year('Last year of the window (inclusive)')),
  edge_types: Type.Optional(
    Type.String({
      pattern: `^${EDGE_TYPE}(,${EDGE_TYPE})*$`,
      description: `Comma-separated from ${EDGE_TYPES.join(', ')}; default all three; any other name is 400`,
      examples: ['shared_event,association'],
    }),
  ),
};

export const FanNetworkQuery = Type.Object(WindowQuery);
export const FanQuery = Type.Object({
  person_id: Type.Optional(Uuid({ description: 'Centre on this person (with all its personas); give this or persona_id' })),
  persona_id: Type.Optional(Uuid({ description: 'Centre on this persona alone; give this or person_id' })),
  ...WindowQuery,
  ...PagingQuery,
});
export type FanQuery = Static<typeof FanQuery>;

export const FanNode = Type.Object({
  id: Uuid(),
  kind: Type.Union([Type.Literal('person'), Type.Literal('persona')]),
  label: Type.String({ description: 'A person\'s label ("William Smyth (1851–1920)") or a persona\'s name' }),
});
export type FanNode = Static<typeof FanNode>;

export const FanEdge = Type.Object({
  type: Type.Union(EDGE_TYPES.map((type) => Type.Literal(type))),
  from: Uuid({ description: 'The focus' }),
  to: Uuid({ description: 'The neighbour (a person, or a persona not concluded into a person)' }),
  weight: Type.Integer({ description: 'How many pieces of evidence: the length of `evidence`' }),
  evidence: Type.Array(Uuid(), { description: 'Event ids (shared_event, place_co_occurrence) or association ids (association)' }),
});
export type FanEdge = Static<typeof FanEdge>;

const networkFields = {
  focus: FanNode,
  window_start: Nullable(Type.Integer()),
  window_end: Nullable(Type.Integer()),
  edge_types: Type.Array(Type.String()),
  truncated: Type.Boolean({ description: 'True when a bound (README: FAN bounds) left some evidence out' }),
};

export const FanNetworkDto = Type.Object(
  { ...networkFields, nodes: Type.Array(FanNode, { description: 'The focus first, then every neighbour an edge names' }), edges: Type.Array(FanEdge, { description: 'By type, the heaviest first within each' }) },
  { $id: 'FanNetworkDto' },
);
export type FanNetworkDto = Static<typeof FanNetworkDto>;

export const FanPageDto = Type.Object(
  {
    items: Type.Array(FanEdge, { description: 'Edges by type (shared_event, association, place_co_occurrence), then neighbour id: a keyset that does not move while paging' }),
    next_cursor: Nullable(Type.String(), { description: 'Pass back as `cursor` for the next page; null on the last page' }),
    total: Type.Integer({ description: 'Edges in the whole network, before paging' }),
    ...networkFields,
    nodes: Type.Array(FanNode, { description: 'The focus and the neighbours this page names' }),
  },
  { $id: 'FanPageDto' },
);
export type FanPageDto = Static<typeof FanPageDto>;
