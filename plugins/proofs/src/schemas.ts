import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Page, PagingQuery, Uuid } from '@rootline/kernel';

/** Schemas of the proof-argument routes (with examples: they go into OpenAPI). */
const ids = {
  argument: '01938f12-5c6d-7e8f-9a0b-1c2d3e4f5a6b',
  question: '01938f11-4b5c-7d6e-8f7a-9b0c1d2e3f4a',
  birth: '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d',
  baptism: '01938f0f-1c2d-7e3f-8a4b-5c6d7e8f9a0b',
  persona: '01938f0e-6b1d-7aa0-8e55-0c2f4d9e1a77',
  source: '01938f0d-2f3a-7b4c-9d5e-6f7a8b9c0d1e',
  citation: '01938f0d-3a4b-7c5d-8e6f-7a8b9c0d1e2f',
};

const QUESTION_NOTE =
  'The id of the research question this argument answers: a question of this tree, else 404 `not-found` (`entity: research question`). ' +
  'In a server built without the research plugin it is stored as given.';

const example = {
  id: ids.argument,
  title: 'William Smyth of Ledbury was born in March 1851',
  text: 'The baptism register and the 1851 census agree on the parents and the parish; the census age (0, "1 month") fits a birth in March 1851.',
  question: ids.question,
  assertions: [ids.birth, ids.baptism],
  conclusion: 'William Smyth was born in Ledbury in March 1851, son of John and Mary Smyth.',
  created_at_ms: 1763769600000,
  updated_at_ms: 1763769600000,
  proposer: 'claude-sonnet-4',
};

const argumentFields = {
  id: Uuid(),
  title: Type.String({ description: 'What the argument proves, as a heading' }),
  text: Type.String({ description: 'The argument, as written' }),
  question: Nullable(Uuid(), { description: QUESTION_NOTE }),
  assertions: Type.Array(Uuid(), { description: 'The claims (assertion ids) the argument weighs, in the order given, each once' }),
  conclusion: Nullable(Type.String(), { description: 'The conclusion the argument reaches, if written' }),
  created_at_ms: Type.Integer(),
  updated_at_ms: Type.Integer(),
  proposer: Type.Optional(Type.String({ description: 'The model an agent reported (`x-proposer-model`) when an agent wrote the argument' })),
};

export const ProofArgumentDto = Type.Object(argumentFields, {
  $id: 'ProofArgumentDto',
  description: 'A proof argument: a written argument weighing claims',
  examples: [example],
});
export type ProofArgumentDto = Static<typeof ProofArgumentDto>;

const exampleClaims = [
  {
    assertion: ids.birth, persona: ids.persona, kind: 'birth', value: 'William Smyth, son of John', date: 'MAR 1851', place: 'Ledbury, Herefordshire, England',
    status: 'confirmed', source: { id: ids.source, title: '1851 census, Ledbury' },
    citation: { id: ids.citation, first_reference: '1851 census of England, Herefordshire, Ledbury, folio 12, William Smyth.' },
  },
  {
    assertion: ids.baptism, persona: ids.persona, kind: 'baptism', value: null, date: '23 MAR 1851', place: 'Ledbury', status: 'pending',
    source: null, citation: null,
  },
];


/** What an agent reads in a field the views plugin's redactions hide (every field but the id, for a claim redacted whole). */
const REDACTED = '[redacted]';
export const ClaimWeighed = Type.Object(
  {
    assertion: Uuid({ description: 'The claim weighed' }),
    persona: Type.Union([Uuid(), Type.Literal(REDACTED), Type.Null()], { description: 'The persona the claim is about; null when the claim was removed from the tree; "[redacted]" for an agent when the claim is redacted whole' }),
    kind: Nullable(Type.String(), { description: 'What the claim is about (birth, baptism, ...); null when the claim was removed' }),
    value: Nullable(Type.String()),
    date: Nullable(Type.String({ description: 'GEDCOM date' })),
    place: Nullable(Type.String()),
    status: Type.String({ description: 'The claim\'s review status now (pending, deferred, confirmed, refuted, fabricated, superseded), or `removed` when it is no longer in the tree' }),
    source: Type.Union([Type.Object({ id: Uuid(), title: Type.String() }), Type.Literal(REDACTED), Type.Null()], {
      description: 'The source the claim cites; "[redacted]" for an agent when the claim or its source is redacted',
    }),
    citation: Type.Union([
      Type.Object({
        id: Uuid(),
        first_reference: Nullable(Type.String(), { description: 'Its first reference note (Evidence Explained full note), as plain text; null for a citation without a template' }),
      }),
      Type.Literal(REDACTED),
      Type.Null(),
    ], { description: 'The citation the claim cites; "[redacted]" for an agent when the claim or its citation is redacted' }),
    redacted: Type.Optional(Type.Array(Type.String(), { description: 'Fields hidden from agents (shown to the human only)' })),
  },
  { description: 'A claim the argument weighs, as it stands now', examples: exampleClaims },
);
export type ClaimWeighed = Static<typeof ClaimWeighed>;

export const ProofArgumentDetail = Type.Object(
  { ...argumentFields, claims: Type.Array(ClaimWeighed, { description: 'The claims weighed, in the order of `assertions`, expanded enough to read' }) },
  { $id: 'ProofArgumentDetail', description: 'A proof argument with the claims it weighs', examples: [{ ...example, claims: exampleClaims }] },
);
export type ProofArgumentDetail = Static<typeof ProofArgumentDetail>;

const Text = (description: string, maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S', description });

export const CreateProofArgumentBody = Type.Object(
  {
    title: Text('What the argument proves, as a heading (1-500 characters)', 500),
    text: Text('The argument, as written (1-100,000 characters)', 100_000),
    question: Type.Optional(Uuid({ description: QUESTION_NOTE })),
    assertions: Type.Optional(Type.Array(Uuid(), {
      maxItems: 500,
      description: 'The claims weighed (assertion ids), at most 500, in order; a repeated id is kept once, where it first appears. Every one must exist (else 404, nothing written).',
    })),
    conclusion: Type.Optional(Text('The conclusion the argument reaches (1-100,000 characters)', 100_000)),
  },
  { examples: [{ title: example.title, text: example.text, question: example.question, assertions: example.assertions, conclusion: example.conclusion }] },
);
export type CreateProofArgumentBody = Static<typeof CreateProofArgumentBody>;

export const ProofArgumentsQuery = Type.Object({
  question: Type.Optional(Uuid({ description: 'Keep the arguments answering this research question' })),
  ...PagingQuery,
});

export const ProofArgumentPage = Page(ProofArgumentDto, { description: 'Proof arguments, oldest first' });
export const ProofArgumentParams = Type.Object({ id: Uuid() });
