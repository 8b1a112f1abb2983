import { Type, type Static } from '@sinclair/typebox';
import { BlobAddress, Nullable, Page, PagingQuery, Uuid } from '@rootline/kernel';
import { Text } from './common.js';
import { at, ids } from './examples.js';
import { CATEGORY_IDS } from '../categories.js';

const Category = Type.Unsafe<string>({ type: 'string', enum: CATEGORY_IDS, description: 'A record category (see coverage)' });

const Evidence = Type.Object(
  {
    source: Type.Optional(Uuid({ description: 'A source of the tree' })),
    citation: Type.Optional(Uuid({ description: 'A citation of the tree' })),
    blob: Type.Optional(BlobAddress({ description: 'An uploaded blob of the tree (64 hex)' })),
  },
  { minProperties: 1, description: 'What the entry rests on: at least one of a source, a citation and an uploaded blob, each of which must exist' },
);

const Searched = Type.Object(
  {
    source: Type.Optional(Uuid({ description: 'The source searched (must exist)' })),
    repository: Type.Optional(Type.String({ minLength: 1, maxLength: 2000, description: 'Where: archive, library, website' })),
    scope: Type.Optional(Type.String({ minLength: 1, maxLength: 2000, description: 'What was searched: years, places, names, record set' })),
    categories: Type.Optional(Type.Array(Category, { uniqueItems: true, maxItems: 20, description: 'The record categories searched (coverage also reads them from the scope and the source)' })),
  },
  { description: 'What was searched and found to hold nothing' },
);

const entryExample = {
  id: ids.entry,
  question: ids.question,
  session: ids.session,
  kind: 'negative',
  text: 'No baptism of a William Smyth in the Ledbury register 1849-1853.',
  personas: [ids.persona],
  sources: [],
  evidence: null,
  searched: { source: ids.source, repository: 'Herefordshire Archive and Records Centre', scope: 'Ledbury baptisms 1849-1853, all surnames Smyth/Smith', categories: ['church'] },
  details: [{ text: 'Also checked the bishop\'s transcripts for the same years.', at_ms: at + 60_000, actor_kind: 'agent', credential_id: ids.agent }],
  corrections: [],
  status: 'active',
  retracted_at_ms: null,
  retract_reason: null,
  created_at_ms: at,
  updated_at_ms: at + 60_000,
  seq: 57,
};

const Change = (what: string) => ({
  at_ms: Type.Integer(),
  actor_kind: Type.String({ description: `Who ${what}: \`human\` or \`agent\`` }),
  credential_id: Nullable(Type.String()),
});

export const EntryDto = Type.Object(
  {
    id: Uuid(),
    question: Uuid({ description: 'The question it belongs to (an entry anchor when none was given)' }),
    session: Nullable(Uuid({ description: 'The session it was logged in' })),
    kind: Type.Union([Type.Literal('entry'), Type.Literal('capture'), Type.Literal('negative')], { description: '`entry` (POST /research/log), `capture` (with evidence), `negative` (negative evidence: searched, found nothing)' }),
    text: Type.String({ description: 'The text as it stands (after corrections)' }),
    personas: Type.Array(Uuid(), { description: 'The personas it is about' }),
    sources: Type.Array(Uuid(), { description: 'The sources it cites' }),
    evidence: Nullable(Type.Object({ source: Nullable(Uuid()), citation: Nullable(Uuid()), blob: Nullable(Type.String()) }), { description: 'What a capture rests on' }),
    searched: Nullable(
      Type.Object({ source: Nullable(Uuid()), repository: Nullable(Type.String()), scope: Nullable(Type.String()), categories: Type.Array(Type.String()) }),
      { description: 'What negative evidence searched' },
    ),
    details: Type.Array(Type.Object({ text: Type.String(), ...Change('added it') }), { description: 'Details appended, oldest first' }),
    corrections: Type.Array(
      Type.Object({ text: Type.String({ description: 'The text before this correction' }), reason: Nullable(Type.String()), ...Change('corrected it') }),
      { description: 'Earlier texts, oldest first: the history of PUT .../text' },
    ),
    status: Type.Union([Type.Literal('active'), Type.Literal('retracted')], { description: 'A retracted entry is out of every list, line and count; it can still be read here' }),
    retracted_at_ms: Nullable(Type.Integer()),
    retract_reason: Nullable(Type.String()),
    created_at_ms: Type.Integer(),
    updated_at_ms: Type.Integer(),
    seq: Type.Integer({ description: 'Record-log sequence number of the last change' }),
    proposer: Type.Optional(Type.String({ description: 'The model of the agent that logged it' })),
  },
  { $id: 'ResearchLogEntryDto', examples: [entryExample] },
);
export type EntryDto = Static<typeof EntryDto>;

export const EntryPage = Object.assign(Page(EntryDto, { description: 'Active research log entries' }), { examples: [{ items: [entryExample], next_cursor: null, total: 1 }] });

const Personas = Type.Array(Uuid(), { maxItems: 100, uniqueItems: true, description: 'Personas the entry is about (each must exist)' });
const Sources = Type.Array(Uuid(), { maxItems: 100, uniqueItems: true, description: 'Sources the entry cites (each must exist)' });
const Session = Uuid({ description: 'An open session; without it the entry joins the caller\'s open session, if any' });

export const LogBody = Type.Object(
  {
    question: Uuid({ description: 'The question (must exist)' }),
    text: Text('What was done or found'),
    session: Type.Optional(Session),
    personas: Type.Optional(Personas),
    sources: Type.Optional(Sources),
  },
  { examples: [{ question: ids.question, text: 'Read the 1851 census of Ledbury: William, 1 month, son of John and Mary.' }] },
);
export type LogBody = Static<typeof LogBody>;

export const CaptureBody = Type.Object(
  {
    question: Type.Optional(Uuid({ description: 'The question; without it the entry goes to the entry anchor of its first persona\'s person, else to the tree\'s "General research"' })),
    text: Text('What was found'),
    session: Type.Optional(Session),
    personas: Type.Optional(Personas),
    sources: Type.Optional(Sources),
    evidence: Type.Optional(Evidence),
  },
  { examples: [{ question: ids.question, text: 'Baptism of William, son of John and Mary Smyth, 16 Mar 1851.', personas: [ids.persona], sources: [ids.source], evidence: { citation: ids.citation, blob: ids.blob } }] },
);
export type CaptureBody = Static<typeof CaptureBody>;

export const NegativeBody = Type.Object(
  {
    question: Type.Optional(Uuid({ description: 'The question; without it the entry goes to the tree\'s "General research" (or the first persona\'s person\'s anchor)' })),
    text: Text('What was looked for and not found'),
    session: Type.Optional(Session),
    personas: Type.Optional(Personas),
    searched: Type.Optional(Searched),
  },
  { examples: [{ question: ids.question, text: entryExample.text, searched: entryExample.searched }] },
);
export type NegativeBody = Static<typeof NegativeBody>;

export const DetailsBody = Type.Object({ text: Text('The detail to append') }, { examples: [{ text: 'Also checked the bishop\'s transcripts for the same years.' }] });
export const CorrectBody = Type.Object(
  { text: Text('The corrected text'), reason: Type.Optional(Type.String({ minLength: 1, maxLength: 2000, description: 'Why (kept in `corrections`)' })) },
  { examples: [{ text: 'No baptism of a William Smyth in the Ledbury register 1848-1853.', reason: 'The register was searched from 1848' }] },
);
export const RetractBody = Type.Object(
  { reason: Type.Optional(Type.String({ minLength: 1, maxLength: 2000, description: 'Why (kept in the entry)' })) },
  { examples: [{ reason: 'Logged against the wrong question' }, {}] },
);

export const LogQuery = Type.Object({ question: Uuid({ description: 'The question whose log to read' }) });
export const LogLines = Type.Array(Type.String(), {
  description: 'One line per active entry, oldest first: `YYYY-MM-DD — text` (UTC date of logging); negative evidence reads `YYYY-MM-DD — Searched, found nothing: text`; each detail follows as ` — detail`. Line breaks inside a text become spaces',
  examples: [['2025-11-22 — Read the 1851 census of Ledbury: William, 1 month, son of John and Mary.', '2025-11-22 — Searched, found nothing: No baptism of a William Smyth in the Ledbury register 1849-1853. — Also checked the bishop\'s transcripts for the same years.']],
});

export const EntriesQuery = Type.Object({
  question: Type.Optional(Uuid({ description: 'Entries of this question' })),
  session: Type.Optional(Uuid({ description: 'Entries logged in this session' })),
  persona: Type.Optional(Uuid({ description: 'Entries about this persona' })),
  source: Type.Optional(Uuid({ description: 'Entries citing or searching this source' })),
  order: Type.Optional(Type.String({ description: '`asc` (default, oldest first) or `desc`; anything else is 400 `invalid-order`', examples: ['desc'] })),
  ...PagingQuery,
});
export type EntriesQuery = Static<typeof EntriesQuery>;
