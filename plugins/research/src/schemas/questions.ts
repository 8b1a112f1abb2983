import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Page, PagingQuery, Uuid } from '@rootline/kernel';
import { Text } from './common.js';
import { at, ids } from './examples.js';

const QuestionStatus = Type.Union([Type.Literal('open'), Type.Literal('closed')], { description: '`open` or `closed`' });

const Anchor = Type.Object(
  {
    kind: Type.Union([Type.Literal('person'), Type.Literal('tree')], { description: '`person`: "General research: <person>"; `tree`: the tree\'s "General research"' }),
    person: Nullable(Uuid(), { description: 'The person of a person anchor; null for the tree\'s' }),
  },
  { description: 'Set on the container questions made by POST /research/entry-anchors; null on a question a researcher asked' },
);

const CoverageConfirmation = Type.Object(
  {
    at_ms: Type.Integer(),
    actor_kind: Type.String({ description: '`human` or `agent`' }),
    credential_id: Nullable(Type.String()),
    note: Nullable(Type.String(), { description: 'What the researcher said about the search' }),
  },
  { description: 'The researcher\'s judgment that the search was reasonably exhaustive (POST .../coverage-confirm); cleared when the subjects change' },
);

const example = {
  id: ids.question,
  text: 'Who were the parents of William Smyth, born about 1851 in Ledbury?',
  status: 'open',
  subjects: [ids.person],
  anchor: null,
  answer: null,
  proof_argument: null,
  closed_at_ms: null,
  plan: { total: 3, done: 1 },
  coverage_confirmed: null,
  created_at_ms: at,
  updated_at_ms: at,
  seq: 42,
};

export const QuestionDto = Type.Object(
  {
    id: Uuid(),
    text: Type.String({ description: 'The question, as asked' }),
    status: QuestionStatus,
    subjects: Type.Array(Uuid(), { description: 'The subject persons, in the order given' }),
    anchor: Nullable(Anchor),
    answer: Nullable(Type.String(), { description: 'The answer given when it was closed' }),
    proof_argument: Nullable(Uuid({ description: 'The proof argument that answers it' })),
    closed_at_ms: Nullable(Type.Integer()),
    plan: Type.Object(
      { total: Type.Integer({ description: 'Items in the plan' }), done: Type.Integer({ description: 'Items done' }) },
      { description: 'Plan progress' },
    ),
    coverage_confirmed: Nullable(CoverageConfirmation),
    created_at_ms: Type.Integer(),
    updated_at_ms: Type.Integer({ description: 'Last change to the question or its plan' }),
    seq: Type.Integer({ description: 'Record-log sequence number of the last change to the question or its plan' }),
    proposer: Type.Optional(Type.String({ description: 'The model of the agent that asked it' })),
  },
  { $id: 'ResearchQuestionDto', examples: [example] },
);
export type QuestionDto = Static<typeof QuestionDto>;

export const QuestionPage = Object.assign(Page(QuestionDto, { description: 'Research questions, oldest first' }), { examples: [{ items: [example], next_cursor: null, total: 1 }] });

const Subjects = Type.Array(Uuid(), { maxItems: 50, uniqueItems: true, description: 'Subject persons (active persons of the tree; at most 50, no repeats)' });

export const CreateQuestionBody = Type.Object(
  { text: Text('The question', 10_000), subjects: Type.Optional(Subjects) },
  { examples: [{ text: example.text, subjects: [ids.person] }] },
);
export type CreateQuestionBody = Static<typeof CreateQuestionBody>;

export const QuestionTextBody = Type.Object({ text: Text('The question, reworded', 10_000) }, { examples: [{ text: 'Who were the parents of William Smyth (1851-1920) of Ledbury?' }] });
export const QuestionSubjectsBody = Type.Object({ subjects: Subjects }, { examples: [{ subjects: [ids.person] }] });

export const CloseBody = Type.Object(
  {
    answer: Type.Optional(Text('The answer, as concluded', 100_000)),
    proof_argument: Type.Optional(Uuid({ description: 'A proof argument that answers the question (must exist; one that names another question is refused)' })),
  },
  { examples: [{ answer: 'John and Mary Smyth of Ledbury (baptism register and 1851 census agree).', proof_argument: ids.proofArgument }, {}] },
);
export type CloseBody = Static<typeof CloseBody>;

export const QuestionsQuery = Type.Object({
  status: Type.Optional(QuestionStatus),
  subject_kind: Type.Optional(Type.Literal('person', { description: 'Keep questions with a subject of this kind; `person` is the only kind' })),
  subject_id: Type.Optional(Uuid({ description: 'Keep questions with this subject' })),
  ...PagingQuery,
});
export type QuestionsQuery = Static<typeof QuestionsQuery>;

export const AnchorBody = Type.Object(
  { subject: Type.Optional(Uuid({ description: 'The person the write is about: its "General research: <person>" question; without it the tree\'s "General research"' })) },
  { examples: [{ subject: ids.person }, {}] },
);

export const AnchorResult = Type.Object(
  {
    created: Type.Boolean({ description: 'True when this call made the question; false when it already existed' }),
    question: Type.Object(QuestionDto.properties, { description: 'The container question (a ResearchQuestionDto)' }),
  },
  {
    examples: [{ created: true, question: { ...example, id: ids.anchor, text: 'General research: William Smyth', anchor: { kind: 'person', person: ids.person }, plan: { total: 0, done: 0 } } }],
  },
);
