import { Type, type Static } from '@sinclair/typebox';
import { Nullable, PagingQuery, Uuid } from '@rootline/kernel';
import { JOB_STATES } from './states.js';

const JobStateSchema = Type.Union(JOB_STATES.map((state) => Type.Literal(state)), {
  description: 'queued -> running -> succeeded | failed | cancelling -> cancelled; queued -> cancelled; any unfinished state -> failed (interrupted)',
});

export const JobProgress = Type.Object({
  done: Type.Integer({ minimum: 0 }),
  total: Nullable(Type.Integer({ minimum: 0 }), { description: 'null while the job does not know yet' }),
  unit: Type.String({ description: 'What is counted: records, lines, bytes, ...' }),
});
export type JobProgress = Static<typeof JobProgress>;

export const JobError = Type.Object(
  {
    code: Type.String({ description: 'Stable machine code: interrupted, internal, or the job\'s own (gedcom-unreadable, ...)' }),
    message: Type.String(),
    line: Type.Optional(Type.Integer()),
    details: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);
export type JobError = Static<typeof JobError>;

const example = {
  job_id: '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d',
  tree_id: '01938f0e-6b1d-7aa0-8e55-0c2f4d9e1a77',
  kind: 'gedcom.import',
  state: 'running',
  progress: { done: 1200, total: 5000, unit: 'records' },
  created_at_ms: 1763769600000,
  started_at_ms: 1763769600010,
};

export const JobDto = Type.Object(
  {
    job_id: Uuid(),
    tree_id: Type.String(),
    kind: Type.String(),
    state: JobStateSchema,
    progress: JobProgress,
    created_at_ms: Type.Integer(),
    started_at_ms: Type.Optional(Type.Integer()),
    finished_at_ms: Type.Optional(Type.Integer()),
    result: Type.Optional(Type.Unknown({ description: 'What the job produced (succeeded jobs only)' })),
    error: Type.Optional(JobError),
  },
  { $id: 'JobDto', examples: [example] },
);
export type JobDto = Static<typeof JobDto>;

export const JobsQuery = Type.Object({
  ...PagingQuery,
  kind: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  state: Type.Optional(JobStateSchema),
});
export type JobsQuery = Static<typeof JobsQuery>;

export const JobParams = Type.Object({ id: Uuid() });
