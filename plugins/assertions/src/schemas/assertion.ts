import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Uuid } from '@rootline/kernel';
import { STATUSES } from '../states.js';

export const EXAMPLE_IDS = {
  assertion: '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d',
  replacement: '01938f0f-1c2d-7e3f-8a4b-5c6d7e8f9a0b',
  persona: '01938f0e-6b1d-7aa0-8e55-0c2f4d9e1a77',
  source: '01938f0d-2f3a-7b4c-9d5e-6f7a8b9c0d1e',
  citation: '01938f0d-3a4b-7c5d-8e6f-7a8b9c0d1e2f',
  evidence: '01938f10-4b5c-7d6e-9f7a-8b9c0d1e2f3a',
};

/** A text field that is null when the claim has none. */
const NullableText = (description: string) => Nullable(Type.String(), { description });

export const AssertionStatus = Type.Union(
  STATUSES.map((status) => Type.Literal(status)),
  { description: 'Epistemic status: pending and deferred await review; confirmed stands; refuted, fabricated and superseded are final' },
);

export const ClaimKind = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[a-z][a-z0-9_.-]*$',
  description: 'What the claim is about: birth, death, baptism, burial, marriage, residence, occupation, name, sex, fact, ... (lowercase word)',
  examples: ['birth'],
});

/** The free-text parts of a claim, shared by capture, transcription and supersede. */
export const ClaimText = {
  value: Type.String({ minLength: 1, maxLength: 10_000, description: 'What the record says, in its words', examples: ['William Smyth, son of John'] }),
  date: Type.String({ minLength: 1, maxLength: 100, description: 'GEDCOM date (`ABT 1850`, `BET 1840 AND 1845`, `12 MAR 1901`)', examples: ['12 MAR 1851'] }),
  place: Type.String({ minLength: 1, maxLength: 500, description: 'Place as the record names it', examples: ['Ledbury, Herefordshire, England'] }),
};

export const EvidenceDto = Type.Object(
  {
    id: Uuid(),
    kind: Type.Union([Type.Literal('blob'), Type.Literal('url'), Type.Literal('citation'), Type.Literal('offline_record')]),
    blob: NullableText('Blob address (64 hex) when kind is blob'),
    url: NullableText('http(s) address when kind is url'),
    citation: NullableText('Citation id when kind is citation'),
    description: NullableText('What the evidence is; required for offline_record'),
    attached_at_ms: Type.Integer(),
  },
  {
    examples: [
      { id: EXAMPLE_IDS.evidence, kind: 'url', blob: null, url: 'https://www.familysearch.org/ark:/61903/1:1:XYZ1-ABC', citation: null, description: '1851 census image', attached_at_ms: 1763769700000 },
    ],
  },
);
export type EvidenceDto = Static<typeof EvidenceDto>;

const assertionExample = {
  id: EXAMPLE_IDS.assertion,
  persona: EXAMPLE_IDS.persona,
  kind: 'birth',
  status: 'pending',
  value: 'William Smyth, son of John',
  date: '12 MAR 1851',
  place: 'Ledbury, Herefordshire, England',
  source: EXAMPLE_IDS.source,
  citation: null,
  captured_by: 'agent',
  proposer: 'claude-sonnet-4',
  superseded_by: null,
  created_at_ms: 1763769600000,
  status_changed_at_ms: 1763769600000,
};

export const AssertionDto = Type.Object(
  {
    id: Uuid(),
    persona: Uuid({ description: 'The persona the claim is about' }),
    kind: ClaimKind,
    status: AssertionStatus,
    value: NullableText('What the record says'),
    date: NullableText('GEDCOM date'),
    place: NullableText('Place as recorded'),
    source: NullableText('Id of the source the claim cites; null while it needs a source'),
    citation: NullableText('Id of the citation (where in the source)'),
    captured_by: Type.Union([Type.Literal('human'), Type.Literal('agent'), Type.Literal('system')], { description: 'Who captured the claim' }),
    proposer: Type.Optional(Type.String({ description: 'Model the capturing agent reported (x-proposer-model)' })),
    superseded_by: NullableText('The replacement claim, once superseded'),
    replaces: Type.Optional(Uuid({
      description: 'Present on an agent\'s replacement of a confirmed claim (its supersede): the claim this one would replace. It waits pending in the pending lane; the claim it names stays confirmed until the human confirms this one, which then supersedes it. Refuting this one leaves it confirmed',
    })),
    created_at_ms: Type.Integer({ description: 'Creation time; the key of sort=created' }),
    status_changed_at_ms: Type.Integer(),
    evidence: Type.Optional(Type.Array(EvidenceDto, { description: 'Evidence attached, oldest first (on single-claim reads)' })),
  },
  { $id: 'AssertionDto', examples: [assertionExample] },
);
export type AssertionDto = Static<typeof AssertionDto>;
export const ASSERTION_EXAMPLE = assertionExample;

export const CaptureBody = Type.Object(
  {
    persona: Uuid({ description: 'The persona the claim is about' }),
    kind: ClaimKind,
    value: Type.Optional(ClaimText.value),
    date: Type.Optional(ClaimText.date),
    place: Type.Optional(ClaimText.place),
    source: Type.Optional(Uuid({ description: 'The source the claim cites' })),
    citation: Type.Optional(Uuid({ description: 'The citation (where in the source); its source is cited when `source` is left out' })),
  },
  {
    examples: [
      { persona: EXAMPLE_IDS.persona, kind: 'birth', value: 'William Smyth, son of John', date: '12 MAR 1851', place: 'Ledbury, Herefordshire, England', source: EXAMPLE_IDS.source },
    ],
  },
);
export type CaptureBody = Static<typeof CaptureBody>;

export const SupersedeBody = Type.Object(
  {
    replacement: Type.Object(
      {
        kind: Type.Optional(ClaimKind),
        value: Type.Optional(ClaimText.value),
        date: Type.Optional(ClaimText.date),
        place: Type.Optional(ClaimText.place),
        source: Type.Optional(Uuid()),
        citation: Type.Optional(Uuid()),
      },
      { minProperties: 1, description: 'What changes; every field left out is copied from the claim being superseded' },
    ),
  },
  { examples: [{ replacement: { date: '14 MAR 1851' } }] },
);
export type SupersedeBody = Static<typeof SupersedeBody>;

export const SupersedeResult = Type.Object(
  {
    ok: Type.Literal(true),
    replacement: Uuid({ description: 'The claim that replaces this one' }),
    superseded: Type.Boolean({
      description: 'true: this claim is now superseded by the replacement. false: an agent superseded a confirmed claim, so the replacement waits pending in the pending lane (its `replaces` names this claim) and this claim stays confirmed until the human confirms the replacement',
    }),
  },
  { description: 'OkResponseDto', examples: [{ ok: true, replacement: EXAMPLE_IDS.replacement, superseded: true }] },
);

export const AssertionParams = Type.Object({ id: Uuid({ description: 'The assertion' }) });

/** The 200 of a state change: no body. */
export const NoBody = Type.Unsafe<void>({ type: 'null', description: 'Done (also when the claim already had that status); no body' });
