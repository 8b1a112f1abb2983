import { Type } from '@sinclair/typebox';
import { Nullable, PagingQuery } from '@rootline/kernel';

export const AuditEntryDto = Type.Object(
  {
    seq: Type.Integer({ description: 'Position in the tree’s history; higher is later' }),
    record_id: Type.String(),
    kind: Type.String({ description: '`<noun>.<verb>.v<N>`', examples: ['note.created.v1'] }),
    entity_type: Type.String(),
    entity_id: Type.String(),
    actor: Type.Object({
      kind: Type.Union([Type.Literal('human'), Type.Literal('agent'), Type.Literal('system')]),
      credential_id: Nullable(Type.String()),
      proposer: Type.Optional(Type.String({ description: 'The model an agent reported (x-proposer-model)' })),
    }),
    at_ms: Type.Integer(),
    import_key: Type.Optional(Type.String()),
    payload: Type.Unknown(),
  },
  {
    $id: 'AuditEntry',
    examples: [{ seq: 42, record_id: '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d', kind: 'note.created.v1', entity_type: 'note', entity_id: '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4e', actor: { kind: 'human', credential_id: '01938f0e-0000-7000-8000-000000000001' }, at_ms: 1763769600000, payload: { target: 'person-1' } }],
  },
);

export const AuditQuery = Type.Object({
  include: Type.Optional(
    Type.String({
      description: 'Comma-separated kind prefixes to keep, e.g. `assertion,media` or `note.created`; blank keeps all',
      examples: ['assertion,note'],
    }),
  ),
  ...PagingQuery,
});
