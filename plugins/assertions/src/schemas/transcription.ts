import { Type, type Static } from '@sinclair/typebox';
import { Uuid } from '@rootline/kernel';
import { AssertionDto, ASSERTION_EXAMPLE, ClaimKind, ClaimText, EXAMPLE_IDS } from './assertion.js';

const TranscribedClaim = Type.Object({
  kind: ClaimKind,
  value: Type.Optional(ClaimText.value),
  date: Type.Optional(ClaimText.date),
  place: Type.Optional(ClaimText.place),
});

const NamePart = (description: string, example: string) => Type.String({ minLength: 1, maxLength: 200, description, examples: [example] });

const TranscribedPersona = Type.Object(
  {
    name: Type.Optional(NamePart('Full name as written', 'William Smyth')),
    given: Type.Optional(NamePart('Given name(s)', 'William')),
    surname: Type.Optional(NamePart('Surname as written', 'Smyth')),
    sex: Type.Optional(Type.Union([Type.Literal('M'), Type.Literal('F'), Type.Literal('X'), Type.Literal('U')], { description: 'GEDCOM sex' })),
    role: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Role in the record (principal, father, witness, ...); kept as a `role` claim', examples: ['principal'] })),
    claims: Type.Array(TranscribedClaim, { maxItems: 100, description: 'What the record says about this person' }),
  },
  { anyOf: [{ required: ['name'] }, { required: ['given'] }, { required: ['surname'] }], description: 'One person named in the record (name, given or surname needed)' },
);

export const TranscriptionBody = Type.Object(
  {
    source: Uuid({ description: 'The source the record belongs to' }),
    citation: Type.Optional(Uuid({ description: 'Where in the source' })),
    transcription: Type.String({ minLength: 1, maxLength: 100_000, pattern: '\\S', description: 'The record, transcribed' }),
    personas: Type.Array(TranscribedPersona, { minItems: 1, maxItems: 50, description: 'The people the record names; the first is the principal' }),
  },
  {
    examples: [
      {
        source: EXAMPLE_IDS.source,
        transcription: 'Baptism 12 Mar 1851, William son of John Smyth, labourer, and Ann his wife, of Ledbury',
        personas: [
          { given: 'William', surname: 'Smyth', sex: 'M', role: 'principal', claims: [{ kind: 'baptism', date: '12 MAR 1851', place: 'Ledbury, Herefordshire, England' }] },
          { given: 'John', surname: 'Smyth', sex: 'M', role: 'father', claims: [{ kind: 'occupation', value: 'labourer' }] },
        ],
      },
    ],
  },
);
export type TranscriptionBody = Static<typeof TranscriptionBody>;

export const TranscriptionResult = Type.Composite(
  [
    Type.Omit(AssertionDto, ['evidence']),
    Type.Object({
      personas: Type.Array(Uuid(), { description: 'The personas created, in the order of the request' }),
      claims: Type.Array(AssertionDto, { description: 'The claims the transcription supports, persona by persona' }),
    }),
  ],
  {
    description: 'The transcription, kept as a `transcription` claim of the first persona, with the personas and claims it produced',
    examples: [{ ...ASSERTION_EXAMPLE, kind: 'transcription', value: 'Baptism 12 Mar 1851, William son of John Smyth ...', date: null, place: null, personas: [EXAMPLE_IDS.persona], claims: [ASSERTION_EXAMPLE] }],
  },
);
