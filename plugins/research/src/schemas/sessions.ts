import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Uuid } from '@rootline/kernel';
import { Text } from './common.js';
import { at, ids } from './examples.js';

export const CLAIM_STATES = ['pending', 'deferred', 'confirmed', 'refuted', 'fabricated', 'superseded', 'removed'] as const;
export type ClaimState = (typeof CLAIM_STATES)[number];

export const StartSessionBody = Type.Object(
  {
    goal: Text('What the session sets out to do', 10_000),
    question: Type.Optional(Uuid({ description: 'The question worked on (must exist); taken from the assignment when only that is given' })),
    assignment: Type.Optional(Uuid({ description: 'The assignment worked on (must exist and not be withdrawn); the session then shows in GET /assignments/{id}' })),
  },
  { examples: [{ question: ids.question, goal: 'Search the Ledbury baptisms 1849-1853', assignment: ids.assignment }, { goal: 'Tidy up the Smyth sources' }] },
);
export type StartSessionBody = Static<typeof StartSessionBody>;

const byStatus = Object.fromEntries(CLAIM_STATES.map((state) => [state, Type.Integer()]));

const example = {
  id: ids.session,
  goal: 'Search the Ledbury baptisms 1849-1853',
  question: ids.question,
  assignment: ids.assignment,
  status: 'ended',
  actor_kind: 'agent',
  credential_id: ids.agent,
  proposer: 'example-model-1',
  started_at_ms: at,
  ended_at_ms: at + 1_800_000,
  end_reason: 'ended',
  time_spent_ms: 1_800_000,
  entries: { total: 2, by_kind: { entry: 1, capture: 0, negative: 1 }, retracted: 0, items: [ids.entry] },
  claims: {
    total: 1,
    by_status: { pending: 1, deferred: 0, confirmed: 0, refuted: 0, fabricated: 0, superseded: 0, removed: 0 },
    items: [{ assertion: ids.claim, status: 'pending', captured_at_ms: at + 600_000 }],
  },
};

export const SessionSummary = Type.Object(
  {
    id: Uuid(),
    goal: Type.String(),
    question: Nullable(Uuid()),
    assignment: Nullable(Uuid()),
    status: Type.Union([Type.Literal('open'), Type.Literal('ended')]),
    actor_kind: Type.String({ description: 'Who worked: `human` or `agent`' }),
    credential_id: Nullable(Type.String({ description: 'The credential that opened it' })),
    proposer: Nullable(Type.String({ description: 'The model an agent reported when it opened the session' })),
    started_at_ms: Type.Integer(),
    ended_at_ms: Nullable(Type.Integer()),
    end_reason: Nullable(Type.Union([Type.Literal('ended'), Type.Literal('superseded')], { description: '`ended` (POST .../end) or `superseded` (the same credential started another session)' })),
    time_spent_ms: Type.Integer({ description: 'From start to end, or to now while open' }),
    entries: Type.Object(
      {
        total: Type.Integer({ description: 'Active entries logged in the session' }),
        by_kind: Type.Object({ entry: Type.Integer(), capture: Type.Integer(), negative: Type.Integer() }),
        retracted: Type.Integer({ description: 'Entries of the session retracted since' }),
        items: Type.Array(Uuid(), { description: 'The first 100 active entries, oldest first' }),
      },
      { description: 'Research log entries logged in it' },
    ),
    claims: Type.Object(
      {
        total: Type.Integer(),
        by_status: Type.Object(byStatus, { description: 'How many of them are in each review state now (`removed`: undone since)' }),
        items: Type.Array(
          Type.Object({ assertion: Uuid(), status: Type.String(), captured_at_ms: Type.Integer() }),
          { description: 'The first 100, oldest first, with their current review state' },
        ),
      },
      { description: 'Claims the session\'s credential captured while it was open' },
    ),
  },
  { $id: 'ResearchSessionSummary', examples: [example] },
);
export type SessionSummary = Static<typeof SessionSummary>;

export const CurrentSession = Object.assign(Nullable(SessionSummary, { description: 'The open session of the calling credential, or null when it has none' }), {
  examples: [{ ...example, status: 'open', ended_at_ms: null, end_reason: null }, null],
});
