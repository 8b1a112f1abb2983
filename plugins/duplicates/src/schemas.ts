import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Page, PagingQuery, Uuid } from '@rootline/kernel';

const ids = {
  person: '01938f10-1a2b-7c3d-8e4f-5a6b7c8d9e0f',
  other: '01938f10-2b3c-7d4e-8f5a-6b7c8d9e0f1a',
  persona: '01938f0e-6b1d-7aa0-8e55-0c2f4d9e1a77',
  birth: '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d',
  proposal: '01938f12-3c4d-7e5f-8a6b-7c8d9e0f1a2b',
};

// ---------------------------------------------------------------------------------------------
// Duplicate candidates

const Text = (description: string) => Type.String({ minLength: 1, maxLength: 200, description });

export const CandidatesQuery = Type.Object({
  given: Type.Optional(Text('Given name(s); the first is compared first, the others as middle names')),
  surname: Type.Optional(Text('Surname; accents, case, apostrophes, spaces and particles in front (van, de, ...) do not matter')),
  birth: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Birth date in GEDCOM syntax (`12 MAR 1850`, `ABT 1850`, `BET 1840 AND 1845`); text that is not a date is 400 `invalid-date`', examples: ['ABT 1850'] })),
  death: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Death date in GEDCOM syntax; as `birth`' })),
  person: Type.Optional(Uuid({ description: 'Candidates for this existing person: its names, birth and death fill what the query leaves out; the person itself and every person known not to be it are left out. Unknown or inactive: 404' })),
  limit: Type.Optional(Type.Integer({ description: 'How many candidates at most: default 8, clamped to 1..50 (0 reads as 1, 51 as 50)' })),
});
export type CandidatesQuery = Static<typeof CandidatesQuery>;

const VitalSummary = Type.Object(
  {
    date: Nullable(Type.String()),
    sort_date: Nullable(Type.String()),
    place: Nullable(Type.String()),
    assertion: Uuid({ description: 'The claim the summary rests on' }),
    status: Type.String(),
    flagged: Type.Boolean({ description: 'The claim is not confirmed' }),
  },
  { additionalProperties: true },
);

/** A person as the persons plugin gives it (PersonDto), for the candidate list. */
const CandidatePerson = Type.Object(
  {
    id: Uuid(),
    display_name: Type.String(),
    personas: Type.Array(Uuid()),
    sex: Nullable(Type.String()),
    birth: Nullable(VitalSummary),
    death: Nullable(VitalSummary),
    living: Type.Boolean(),
    living_source: Type.String(),
    created_at_ms: Type.Integer(),
    updated_at_ms: Type.Integer(),
  },
  { additionalProperties: true, description: 'The candidate as `GET /persons/{id}` gives it (PersonDto)' },
);

const Reason = Type.Object(
  {
    field: Type.Union([Type.Literal('surname'), Type.Literal('given'), Type.Literal('birth'), Type.Literal('death'), Type.Literal('sex')], { description: 'What was compared (`sex` only in a `person=` search)' }),
    how: Type.Union(
      ['exact', 'nickname', 'double_metaphone', 'daitch_mokotoff', 'jaro_winkler', 'initial', 'different', 'compatible', 'close', 'conflicting', 'unknown'].map((how) => Type.Literal(how)),
      {
        description:
          'Names: `exact` (equal once accents, case and punctuation are set aside), `nickname` (forms of one given name: Bill/William, Jno/John, Johann/John), ' +
          '`double_metaphone` or `daitch_mokotoff` (a phonetic code in common), `jaro_winkler` (similarity >= 0.88), `initial` (J/John), `different`, ' +
          '`unknown` (the candidate has no such name). Dates: `compatible` (may be the same date, with the ABT/EST ±3 and CAL ±2 years slack), ' +
          '`close` (at most 2 years further apart: a misstated age), `conflicting` (further), `unknown` (no date, or one that cannot be compared). ' +
          'Sex: `conflicting` (male against female)',
      },
    ),
    detail: Type.String({ description: 'In words: the names and the code they share, or why the dates agree or not' }),
  },
);

const Candidate = Type.Object({
  person: CandidatePerson,
  score: Type.Number({ minimum: 0, maximum: 1, description: 'How likely the candidate is the same person, 0..1 (three decimals); candidates under 0.6 are left out' }),
  reasons: Type.Array(Reason, { description: 'One per field the query has, in the order surname, given, birth, death (then sex)' }),
});

export const CandidatesReply = Type.Object(
  { items: Type.Array(Candidate, { description: 'Best first: by score, then id' }) },
  {
    description: 'Ranked likely duplicates (not paged: `limit` only)',
    examples: [{
      items: [{
        person: {
          id: ids.person, display_name: 'William Smyth', personas: [ids.persona], sex: 'M',
          birth: { date: '1852', sort_date: '1852-01-01:00', place: 'Ledbury', assertion: ids.birth, status: 'confirmed', flagged: false },
          death: null, living: false, living_source: 'derived', created_at_ms: 1763769600000, updated_at_ms: 1763769600000,
        },
        score: 0.961,
        reasons: [
          { field: 'surname', how: 'double_metaphone', detail: 'Smith ~ Smyth: Double Metaphone SM0' },
          { field: 'given', how: 'exact', detail: 'William = William' },
          { field: 'birth', how: 'compatible', detail: '"ABT 1850" and "1852" are 1 years apart, within the slack' },
        ],
      }],
    }],
  },
);

// ---------------------------------------------------------------------------------------------
// Merge proposals

const STATUSES = ['pending', 'approved', 'denied', 'withdrawn'] as const;

const Status = Type.Union(STATUSES.map((status) => Type.Literal(status)), {
  description:
    '`pending` until the human decides; then `approved` (the persons were merged) or `denied` (the pair is remembered as not a match); `withdrawn` when a person of the pair was retracted while it waited (an import undone, a person taken back: it could never be approved; `reason` says which). All three are final',
});

const proposalExample = {
  id: ids.proposal,
  persons: [ids.person, ids.other],
  rationale: 'Same parents and both baptised at Ledbury in 1851',
  status: 'pending',
  proposer: 'claude-sonnet-4',
  created_at_ms: 1763769600000,
  decided_at_ms: null,
  note: null,
  reason: null,
  merged_into: null,
};

export const ProposalDto = Type.Object(
  {
    id: Uuid(),
    persons: Type.Array(Uuid(), { minItems: 2, maxItems: 2, description: 'The two persons, in the order proposed (the first survives an approval unless it names `survivor`)' }),
    rationale: Type.String(),
    status: Status,
    proposer: Type.Optional(Type.String({ description: 'Model the proposing agent reported (x-proposer-model); absent for the human' })),
    created_at_ms: Type.Integer(),
    decided_at_ms: Nullable(Type.Integer(), { description: 'When it was approved, denied or withdrawn' }),
    note: Nullable(Type.String(), { description: 'The approval\'s note' }),
    reason: Nullable(Type.String(), { description: 'The denial\'s reason, or why it was withdrawn' }),
    merged_into: Nullable(Uuid(), { description: 'Approved: the survivor the other person was merged into' }),
  },
  { $id: 'ProposalDto', examples: [proposalExample] },
);
export type ProposalDto = Static<typeof ProposalDto>;

export const CreateProposalBody = Type.Object(
  {
    persons: Type.Array(Uuid(), { minItems: 2, maxItems: 2, description: 'Two different active persons (the same one twice is 422 `same-person`)' }),
    rationale: Type.String({ minLength: 1, maxLength: 4000, pattern: '\\S', description: 'Why they are one person' }),
  },
  { examples: [{ persons: [ids.person, ids.other], rationale: 'Same parents and both baptised at Ledbury in 1851' }] },
);
export type CreateProposalBody = Static<typeof CreateProposalBody>;

export const ApproveBody = Type.Object(
  {
    note: Type.Optional(Type.String({ minLength: 1, maxLength: 4000, description: 'Kept with the proposal and in its record' })),
    survivor: Type.Optional(Uuid({ description: 'Which of the two persons survives (keeps its id); default the first of `persons`. Another id is 422 `survivor-not-in-proposal`' })),
  },
  { description: 'ApproveRequest (optional)', examples: [{ note: 'Checked the baptism register', survivor: ids.person }] },
);
export type ApproveBody = Static<typeof ApproveBody>;

export const DenyBody = Type.Object(
  { reason: Type.String({ minLength: 1, maxLength: 4000, pattern: '\\S', description: 'Why they are not one person (kept; the pair is then known not to be a match)' }) },
  { examples: [{ reason: 'Two William Smyths of Ledbury: different fathers' }] },
);
export type DenyBody = Static<typeof DenyBody>;

export const ProposalsQuery = Type.Object({
  status: Type.Optional(Type.Union(STATUSES.map((status) => Type.Literal(status)), { description: 'Which proposals: `pending` (default), `approved`, `denied` or `withdrawn`' })),
  ...PagingQuery,
});
export type ProposalsQuery = Static<typeof ProposalsQuery>;

export const ProposalPage = Page(ProposalDto, { description: 'A page of proposals, oldest first' });
Object.assign(ProposalPage, { examples: [{ items: [proposalExample], next_cursor: null, total: 1 }] });

export const ProposalParams = Type.Object({ id: Uuid({ description: 'The proposal' }) });
