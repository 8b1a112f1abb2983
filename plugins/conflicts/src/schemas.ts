import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Page, PagingQuery, Uuid } from '@rootline/kernel';

/** Schemas of the conflict routes (with examples: they go into OpenAPI). */
const ids = {
  conflict: '01938f13-6d7e-7f8a-9b0c-2d3e4f5a6b7c',
  withdrawn: '01938f14-7e8f-7a9b-8c0d-3e4f5a6b7c8d',
  person: '01938f10-1a2b-7c3d-8e4f-5a6b7c8d9e0f',
  persona: '01938f0e-6b1d-7aa0-8e55-0c2f4d9e1a77',
  persona2: '01938f0e-6b1e-7aa1-8e56-0c2f4d9e1a78',
  birth: '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d',
  birth2: '01938f0f-1c2d-7e3f-8a4b-5c6d7e8f9a0b',
  source: '01938f0d-2f3a-7b4c-9d5e-6f7a8b9c0d1e',
  argument: '01938f12-5c6d-7e8f-9a0b-1c2d3e4f5a6b',
  burial: '01938f15-8f9a-7b0c-9d1e-4f5a6b7c8d9e',
  reburial: '01938f16-9a0b-7c1d-8e2f-5a6b7c8d9e0f',
};

const claimExamples = [
  { assertion: ids.birth, persona: ids.persona, value: null, date: 'ABT 1851', place: 'Ledbury, Herefordshire, England', source: { id: ids.source, title: '1851 census, Ledbury' } },
  { assertion: ids.birth2, persona: ids.persona2, value: null, date: '1858', place: 'Ledbury', source: null },
];

const resolved = {
  id: ids.conflict,
  person: ids.person,
  kind: 'birth',
  status: 'resolved',
  claims: claimExamples,
  disagreement: { on: ['date'], detail: 'The dates "ABT 1851" and "1858" are 6 years apart' },
  opened_at_ms: 1763769600000,
  resolution: { proof_argument: ids.argument, outcome: 'Born about 1851: the census is nearer the event than the burial register\'s age', resolved_at_ms: 1763856000000 },
};

const withdrawn = {
  id: ids.withdrawn,
  persona: ids.persona,
  kind: 'burial',
  status: 'withdrawn',
  claims: [
    { assertion: ids.burial, persona: ids.persona, value: null, date: '3 MAY 1920', place: 'Ledbury', source: null },
    { assertion: ids.reburial, persona: ids.persona, value: null, date: '1924', place: 'Ledbury', source: { id: ids.source, title: 'Ledbury parish registers' } },
  ],
  disagreement: { on: ['date'], detail: 'The dates "3 MAY 1920" and "1924" are 3.66 years apart' },
  opened_at_ms: 1763769600000,
  withdrawal: { reason: 'Reburied in 1924 when the old churchyard closed: both are true', automatic: false, withdrawn_at_ms: 1763856000000 },
};

const ConflictClaim = Type.Object(
  {
    assertion: Uuid({ description: 'The claim' }),
    persona: Uuid({ description: 'The persona the claim is about' }),
    value: Nullable(Type.String(), { description: 'What the claim says (claims never change it)' }),
    date: Nullable(Type.String({ description: 'GEDCOM date' })),
    place: Nullable(Type.String()),
    source: Type.Union([Type.Object({ id: Uuid(), title: Type.String() }), Type.Literal('[redacted]'), Type.Null()], {
      description: 'The source the claim cites, with its title; null when it cites none (or the source is no longer in the tree); "[redacted]" for an agent when the claim is redacted whole',
    }),
    redacted: Type.Optional(Type.Array(Type.String(), { description: 'Fields of a redacted claim hidden from agents (shown to the human only; an agent reads "[redacted]" in them)' })),
  },
  { description: 'One of the two disagreeing claims' },
);

const Compared = Type.Union([Type.Literal('date'), Type.Literal('place'), Type.Literal('value')]);

export const ConflictDto = Type.Object(
  {
    id: Uuid(),
    persona: Type.Optional(Uuid({ description: 'Present when both claims are about this persona' })),
    person: Type.Optional(Uuid({ description: 'Present when the claims are about two personas concluded into this person (kept in step with merges and splits)' })),
    kind: Type.String({ description: 'The single-valued claim kind both claims are of (birth, christening, baptism, death, burial, cremation, sex)' }),
    status: Type.Union([Type.Literal('open'), Type.Literal('resolved'), Type.Literal('withdrawn')], {
      description: '`open` until a proof argument resolves it (`resolved`) or it is withdrawn (`withdrawn`): by the human, or by the service when a claim stops standing or the personas stop being one person',
    }),
    claims: Type.Array(ConflictClaim, { minItems: 2, maxItems: 2, description: 'The two claims, the older first' }),
    disagreement: Type.Object(
      {
        on: Type.Array(Compared, { description: 'What cannot be true of both: `date`, `place`, `value`' }),
        detail: Type.String({ description: 'Why, in words (they quote the claims); an agent reads "Not shown: a claim of this conflict is redacted" when a claim of the conflict is redacted' }),
      },
      { description: 'What the two claims disagree on' },
    ),
    opened_at_ms: Type.Integer({ description: 'When the change that made them disagree was recorded' }),
    resolution: Type.Optional(
      Type.Object(
        {
          proof_argument: Uuid({ description: 'The proof argument that decides the conflict' }),
          outcome: Nullable(Type.String(), { description: 'What it concluded, as the human wrote it' }),
          resolved_at_ms: Type.Integer(),
        },
        { description: 'Present when `status` is `resolved`' },
      ),
    ),
    withdrawal: Type.Optional(
      Type.Object(
        {
          reason: Type.String({ description: 'Why: the human\'s words, or what the service saw (a claim refuted, superseded, fabricated or removed; a person split or retracted)' }),
          automatic: Type.Boolean({ description: 'True when the service withdrew it, false when the human did' }),
          withdrawn_at_ms: Type.Integer(),
        },
        { description: 'Present when `status` is `withdrawn`' },
      ),
    ),
  },
  {
    $id: 'ConflictDto',
    description: 'Two standing claims of one single-valued kind that cannot both be true: found by the service, never created by a client',
    examples: [resolved, withdrawn],
  },
);
/** A conflict as a reader gets it (a redacted claim's fields may read "[redacted]"); the service builds the contract's `ConflictDto`. */
export type ConflictDto = Static<typeof ConflictDto>;

export const ConflictPage = Page(ConflictDto, { description: 'Conflicts, oldest first' });

export const ConflictsQuery = Type.Object({
  persona: Type.Optional(Uuid({ description: 'Only the conflicts naming this persona (both claims about it); 404 for an unknown persona' })),
  person: Type.Optional(
    Uuid({ description: 'The conflicts naming this person (claims on two of its personas) plus those naming any persona it concludes over; 404 for a person that is not active' }),
  ),
  open_only: Type.Optional(Type.Boolean({ description: 'Only open conflicts (default false: every status)' })),
  ...PagingQuery,
});
export type ConflictsQuery = Static<typeof ConflictsQuery>;

export const ConflictParams = Type.Object({ id: Uuid() });

export const ResolutionBody = Type.Object(
  {
    proof_argument: Uuid({ description: 'The proof argument that decides the conflict (404 when there is none)' }),
    outcome: Type.Optional(Type.String({ minLength: 1, maxLength: 10_000, pattern: '\\S', description: 'What the argument concluded, in words' })),
  },
  { examples: [{ proof_argument: ids.argument, outcome: resolved.resolution.outcome }] },
);
export type ResolutionBody = Static<typeof ResolutionBody>;

export const WithdrawalBody = Type.Object(
  {
    reason: Type.String({ minLength: 1, maxLength: 2000, pattern: '\\S', description: 'Why the conflict was never a dispute' }),
  },
  { examples: [{ reason: withdrawn.withdrawal.reason }] },
);
export type WithdrawalBody = Static<typeof WithdrawalBody>;
