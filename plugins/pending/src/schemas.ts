import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Page, PagingQuery, Uuid } from '@rootline/kernel';

const ids = {
  claim: '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d',
  other: '01938f0e-7b00-7cc2-9d2b-3f6c3a1b2c4e',
  persona: '01938f0e-6b1d-7aa0-8e55-0c2f4d9e1a77',
  source: '01938f0d-2f3a-7b4c-9d5e-6f7a8b9c0d1e',
};
/** A text field that is null when the claim has none. */
const NullableText = (description: string) => Nullable(Type.String(), { description });

const claimExample = {
  id: ids.claim,
  persona: ids.persona,
  kind: 'birth',
  status: 'pending',
  value: 'William Smyth, son of John',
  date: '12 MAR 1851',
  place: 'Ledbury, Herefordshire, England',
  source: ids.source,
  citation: null,
  captured_by: 'agent',
  proposer: 'claude-sonnet-4',
  created_at_ms: 1763769600000,
};

/** A claim as the review queue shows it (the assertions plugin's claim, lane fields only). */
const PendingClaimDto = Type.Object(
  {
    id: Uuid(),
    persona: Uuid(),
    kind: Type.String(),
    status: Type.String({ description: 'Always `pending` in the lane' }),
    value: NullableText('What the record says'),
    date: NullableText('GEDCOM date'),
    place: NullableText('Place as recorded'),
    source: NullableText('The source the claim cites'),
    citation: NullableText('The citation'),
    captured_by: Type.String({ description: 'Who captured the claim' }),
    proposer: Type.Optional(Type.String({ description: 'The model the capturing agent reported' })),
    replaces: Type.Optional(Uuid({
      description: 'Present when an agent superseded a confirmed claim: the claim this one would replace. That claim stays confirmed until the human confirms this one (confirm or bulk-confirm), which supersedes it; refuting this one leaves it confirmed',
    })),
    created_at_ms: Type.Integer(),
  },
  { examples: [claimExample] },
);

const GroupBy = Type.Union([Type.Literal('source'), Type.Literal('proposer')], { description: 'Group the lane into buckets by source or by proposer' });

export const PendingQuery = Type.Object({
  source: Type.Optional(Uuid({ description: 'Only claims citing this source' })),
  proposer: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Only claims of this model (x-proposer-model)', examples: ['claude-sonnet-4'] })),
  sort: Type.Optional(Type.String({ description: 'Only `created`', examples: ['created'] })),
  order: Type.Optional(Type.String({ description: '`asc` (default) or `desc`', examples: ['asc'] })),
  group_by: Type.Optional(GroupBy),
  ...PagingQuery,
});
export type PendingQuery = Static<typeof PendingQuery>;

export const PendingPage = Page(PendingClaimDto, { description: 'A page of pending claims' });
Object.assign(PendingPage, { examples: [{ items: [claimExample], next_cursor: null, total: 1 }] });

export const PendingBuckets = Type.Object(
  {
    buckets: Type.Array(
      Type.Object({
        key: NullableText('The source id or the proposer; null groups the claims without one'),
        count: Type.Integer({ description: 'Pending claims in the bucket' }),
        items: Type.Array(PendingClaimDto, { description: 'The first 5 claims of the bucket' }),
      }),
      { description: 'Biggest first; at most `limit` buckets' },
    ),
    total: Type.Integer({ description: 'Pending claims matching the filters, in all buckets' }),
  },
  { description: 'The lane grouped (group_by)', examples: [{ buckets: [{ key: ids.source, count: 1, items: [claimExample] }], total: 1 }] },
);

export const BulkConfirmBody = Type.Union(
  [
    Type.Object({ ids: Type.Array(Uuid(), { minItems: 1, maxItems: 500, uniqueItems: true, description: 'Claims to confirm' }) }),
    Type.Object({
      bucket: Type.Object({
        group_by: GroupBy,
        key: Nullable(Type.String({ minLength: 1, maxLength: 200 }), { description: 'The bucket key as GET /pending?group_by= gave it' }),
      }),
    }),
  ],
  { description: 'Either ids, or one bucket of the lane (up to 500 claims, oldest first)', examples: [{ ids: [ids.claim, ids.other] }, { bucket: { group_by: 'source', key: ids.source } }] },
);
export type BulkConfirmBody = Static<typeof BulkConfirmBody>;

export const BulkConfirmResult = Type.Object(
  {
    results: Type.Array(
      Type.Object({
        id: Uuid(),
        outcome: Type.Union([Type.Literal('confirmed'), Type.Literal('already_confirmed'), Type.Literal('not_found'), Type.Literal('refused')]),
        detail: Type.Optional(Type.String({ description: 'Why it was refused' })),
      }),
    ),
    remaining: Type.Optional(Type.Integer({ description: 'Bucket form: pending claims still in the bucket (call again)' })),
  },
  {
    description: 'What happened to each claim; nothing that cannot be confirmed is confirmed',
    examples: [{ results: [{ id: ids.claim, outcome: 'confirmed' }, { id: ids.other, outcome: 'refused', detail: 'The claim is refuted; it cannot be confirmed' }] }],
  },
);

export const PendingParams = Type.Object({ id: Uuid({ description: 'The claim' }) });

export const NoBody = Type.Unsafe<void>({ type: 'null', description: 'Done (also when the claim already was so); no body' });
