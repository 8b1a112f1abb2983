import { Type, type TSchema } from '@sinclair/typebox';
import { Nullable, Uuid } from '@rootline/kernel';

const more = Type.Boolean({ description: 'More items exist than the section shows (older ones, or cut by the byte bound); the section\'s own list route has them all' });
const section = <T extends TSchema>(item: T, description: string, extra = {}) =>
  Type.Object({ ...extra, items: Type.Array(item), more }, { description });

const Text = Nullable(Type.String(), { description: 'At most 300 characters; longer text ends with … (the full text is one GET away)' });

const QuestionItem = Type.Object({
  id: Uuid(),
  status: Type.Union([Type.Literal('open'), Type.Literal('closed')], { description: 'Always open without since; with since, a question closed after the cursor shows as closed' }),
  text: Text,
  subjects: Type.Array(Uuid()),
  anchor: Nullable(
    Type.Object({ kind: Type.Union([Type.Literal('tree'), Type.Literal('person')]), person: Nullable(Uuid()) }),
    { description: 'Set on an entry anchor (the container question of what answers no question; its text names the person); null on a question a researcher asked' },
  ),
  plan: Type.Object({ total: Type.Integer(), done: Type.Integer() }, { description: 'Plan progress: items done of items' }),
  coverage_confirmed: Type.Boolean({ description: 'The researcher judged the search reasonably exhaustive' }),
  updated_at_ms: Type.Integer(),
});

const ConflictClaim = Type.Object({
  assertion: Uuid(),
  value: Nullable(Type.String()),
  date: Nullable(Type.String()),
  place: Nullable(Type.String()),
  redacted: Type.Optional(Type.Array(Type.String(), { description: 'Fields of a redacted claim hidden from agents (shown to the human only)' })),
});
const conflictFields = {
  id: Uuid(),
  kind: Type.String(),
  status: Type.Union([Type.Literal('open'), Type.Literal('resolved'), Type.Literal('withdrawn')]),
  disagreement: Type.String({ description: 'What disagrees, in words; hidden from an agent when a claim of the conflict is redacted' }),
  person: Nullable(Uuid()),
  persona: Nullable(Uuid()),
  claims: Type.Array(ConflictClaim),
  opened_at_ms: Type.Integer(),
};
const ConflictItem = Type.Object(conflictFields);

const PendingItem = Type.Object({
  proposer: Nullable(Type.String(), { description: 'The assistant (x-proposer-model) that proposed them; null: claims without a proposer' }),
  count: Type.Integer(),
});

const EntryItem = Type.Object({
  id: Uuid(),
  kind: Type.Union([Type.Literal('entry'), Type.Literal('capture'), Type.Literal('negative')]),
  status: Type.Union([Type.Literal('active'), Type.Literal('retracted')], { description: 'Always active without since; with since, an entry retracted after the cursor shows as retracted' }),
  question: Uuid(),
  session: Nullable(Uuid()),
  text: Text,
  personas: Type.Array(Uuid()),
  proposer: Nullable(Type.String()),
  updated_at_ms: Type.Integer(),
});

const PersonItem = Type.Object({
  id: Uuid(),
  display_name: Nullable(Type.String(), { description: 'null when the person is retracted or merged' }),
  status: Type.Union([Type.Literal('active'), Type.Literal('merged'), Type.Literal('retracted')]),
  survivor: Nullable(Uuid(), { description: 'For a merged person: the person it was merged into' }),
  birth: Type.Optional(Nullable(Type.String())),
  death: Type.Optional(Nullable(Type.String())),
  updated_at_ms: Type.Optional(Type.Integer()),
});

export const ProjectStateQuery = Type.Object({
  since: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'The `cursor` of an earlier answer: every section then shows only what changed after it' })),
});

export const ProjectState = Type.Object(
  {
    cursor: Type.String({ description: 'Pass it back as `since` to see only later changes' }),
    since: Nullable(Type.String()),
    max_bytes: Type.Integer({ description: 'The bound of this answer: at most 65,536 bytes of JSON; sections are cut (newest items kept, `more: true`) to fit' }),
    sections: Type.Object({
      open_questions: section(QuestionItem, 'Open research questions with plan progress, most recently changed first. With since: every question asked, changed (its plan too), closed or reopened after it, with its status now'),
      conflicts: section(ConflictItem, 'Without since: open conflicts, newest first. With since: every conflict opened, resolved or withdrawn after it, with its status now'),
      pending: section(PendingItem, 'The pending lane by proposer, largest first (with since: claims captured, or taken back from deferred, after it that still wait)', {
        total: Type.Integer({ description: 'Claims waiting for review (with since: of those captured or taken back from deferred after it)' }),
      }),
      recent_log: section(EntryItem, 'Active research log entries, newest first. With since: every entry logged, detailed, corrected or retracted after it, latest change first, with its status now'),
      changed_persons: section(PersonItem, 'Persons concluded, changed, merged, split or retracted, latest change first (with since: after it), each once'),
    }),
  },
  { $id: 'ProjectState', description: 'A bounded digest of the investigation, for the start of a session' },
);

const ClaimItem = Type.Object({
  id: Uuid(),
  persona: Uuid(),
  kind: Type.String(),
  value: Text,
  date: Nullable(Type.String()),
  place: Nullable(Type.String()),
  source: Nullable(Uuid()),
  citation: Nullable(Uuid()),
});
const claims = (description: string) => section(ClaimItem, description, { total: Type.Integer() });

export const Settled = Type.Object(
  {
    settled: Type.Object({
      resolved_conflicts: section(
        Type.Object({
          ...conflictFields,
          resolution: Type.Object({
            outcome: Nullable(Type.String()),
            resolved_at_ms: Type.Integer(),
            proof_argument: Type.Object({ id: Uuid(), title: Nullable(Type.String()), conclusion: Text }),
          }),
        }),
        'Conflicts resolved by a proof argument, most recently resolved first',
      ),
      closed_questions: section(
        Type.Object({
          id: Uuid(),
          text: Text,
          subjects: Type.Array(Uuid()),
          answer: Text,
          proof_argument: Nullable(Type.Object({ id: Uuid(), title: Nullable(Type.String()) })),
          closed_at_ms: Nullable(Type.Integer()),
        }),
        'Questions closed, with their answers, most recently changed first',
      ),
      confirmed_claims: claims('Claims the human confirmed, newest captured first'),
    }),
    retired: Type.Object({
      refuted_claims: claims('Claims refuted: leads that turned out wrong, newest captured first'),
      denied_merges: section(
        Type.Object({ id: Uuid(), persons: Type.Array(Uuid()), reason: Text, decided_at_ms: Nullable(Type.Integer()) }),
        'Merge proposals denied, most recently denied first: these persons are remembered as not one person',
        { total: Type.Integer() },
      ),
      negative_evidence: section(
        Type.Object({
          id: Uuid(),
          question: Uuid(),
          text: Text,
          searched: Nullable(Type.Object({ source: Nullable(Uuid()), repository: Nullable(Type.String()), scope: Nullable(Type.String()), categories: Type.Array(Type.String()) })),
          personas: Type.Array(Uuid()),
          created_at_ms: Type.Integer(),
        }),
        'Searches that found nothing: kept as evidence so nobody searches the same place again, newest first',
      ),
    }),
  },
  { $id: 'Settled', description: 'Settled knowledge and retired leads, each section at most 50 items, newest first' },
);
