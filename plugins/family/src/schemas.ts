import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Uuid } from '@rootline/kernel';

const ids = {
  parent: '01938f0e-6b1d-7aa0-8e55-0c2f4d9e1a77',
  child: '01938f0e-6b1d-7aa0-8e55-0c2f4d9e1a78',
  other: '01938f0e-6b1d-7aa0-8e55-0c2f4d9e1a79',
  relationship: '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d',
};

/** How a child belongs to a parent (GEDCOM PEDI, with `unknown`). */
export const PedigreeKind = Type.Union(
  [Type.Literal('birth'), Type.Literal('adopted'), Type.Literal('foster'), Type.Literal('step'), Type.Literal('unknown')],
  { description: '`birth` (default), `adopted`, `foster`, `step` or `unknown`' },
);
export type PedigreeKind = Static<typeof PedigreeKind>;

export const RelationshipDto = Type.Object(
  {
    id: Uuid(),
    kind: Type.Union([Type.Literal('parent'), Type.Literal('spouse')]),
    parent: Type.Optional(Uuid({ description: 'parent edges: the parent' })),
    child: Type.Optional(Uuid({ description: 'parent edges: the child' })),
    pedigree: Type.Optional(PedigreeKind),
    partners: Type.Optional(Type.Array(Uuid(), { minItems: 2, maxItems: 2, description: 'spouse edges: the two partners, the smaller id first' })),
    created_at_ms: Type.Integer(),
  },
  { $id: 'RelationshipDto', examples: [{ id: ids.relationship, kind: 'parent', parent: ids.parent, child: ids.child, pedigree: 'birth', created_at_ms: 1763769600000 }] },
);
export type RelationshipDto = Static<typeof RelationshipDto>;

const ParentBody = Type.Object({
  kind: Type.Literal('parent'),
  parent: Uuid({ description: 'The parent (a person)' }),
  child: Uuid({ description: 'The child (a person)' }),
  pedigree: Type.Optional(PedigreeKind),
});
const SpouseBody = Type.Object({
  kind: Type.Literal('spouse'),
  partners: Type.Array(Uuid(), { minItems: 2, maxItems: 2, description: 'The two partners (persons), in any order' }),
});
export const CreateRelationshipBody = Type.Union([ParentBody, SpouseBody], {
  examples: [{ kind: 'parent', parent: ids.parent, child: ids.child, pedigree: 'birth' }, { kind: 'spouse', partners: [ids.parent, ids.other] }],
});
export type CreateRelationshipBody = Static<typeof CreateRelationshipBody>;

export const ReparentBody = Type.Object(
  {
    child: Uuid(),
    from_parent: Uuid({ description: 'The parent the child has now' }),
    to_parent: Uuid({ description: 'The parent that replaces it (same pedigree)' }),
  },
  { examples: [{ child: ids.child, from_parent: ids.parent, to_parent: ids.other }] },
);
export type ReparentBody = Static<typeof ReparentBody>;

export const UnlinkBody = Type.Object({ relationship: Uuid() }, { examples: [{ relationship: ids.relationship }] });
export type UnlinkBody = Static<typeof UnlinkBody>;

/** A birth or death summary as the persons plugin derives it (shown as it is). */
const VitalSummary = Type.Object({
  date: Nullable(Type.String()),
  sort_date: Nullable(Type.String()),
  place: Nullable(Type.String()),
  assertion: Uuid(),
  status: Type.String(),
  flagged: Type.Boolean(),
});

export const PedigreeSlot = Type.Object({
  ahnentafel: Type.Integer({ minimum: 1, description: '1 = the person; 2n = the father of n, 2n+1 = the mother' }),
  person: Uuid(),
  display_name: Type.String(),
  birth: Nullable(VitalSummary),
  death: Nullable(VitalSummary),
  collapsed: Type.Optional(Type.Literal(true, { description: 'Pedigree collapse: this ancestor already has a lower slot; not walked again' })),
  same_as: Type.Optional(Type.Integer({ description: 'Collapsed slots: the first slot of the same person' })),
  pedigree: Type.Optional(Type.Literal('adopted', { description: 'Present when the child has no birth parent and the chart follows adoption' })),
});
export type PedigreeSlot = Static<typeof PedigreeSlot>;

export const Pedigree = Type.Object(
  {
    person: Uuid(),
    generations: Type.Integer(),
    slots: Type.Array(PedigreeSlot, { description: 'Ahnentafel order; empty slots are absent' }),
  },
  {
    $id: 'Pedigree',
    examples: [{
      person: ids.child, generations: 4,
      slots: [
        { ahnentafel: 1, person: ids.child, display_name: 'John Smyth', birth: null, death: null },
        { ahnentafel: 2, person: ids.parent, display_name: 'William Smyth', birth: { date: '12 MAR 1851', sort_date: '1851-03-12:32', place: 'Ledbury', assertion: ids.relationship, status: 'confirmed', flagged: false }, death: null },
      ],
    }],
  },
);
export type Pedigree = Static<typeof Pedigree>;

export const PedigreeQuery = Type.Object({
  generations: Type.Optional(Type.Integer({ minimum: 1, maximum: 10, default: 4, description: 'How many generations, the person included (1-10, default 4)' })),
});
export const PersonParams = Type.Object({ id: Uuid() });
