import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Uuid } from '@rootline/kernel';
import { Text } from './common.js';
import { at, ids } from './examples.js';

const itemExample = {
  id: ids.item,
  question: ids.question,
  description: 'Search the Ledbury baptism register 1849-1853 for William',
  done: false,
  done_at_ms: null,
  position: 0,
  assignment: { id: ids.assignment, assignee: ids.agent },
  deleted_at_ms: null,
  created_at_ms: at,
  updated_at_ms: at,
};

export const DeletedResponse = Type.Object({ ok: Type.Literal(true) }, { description: 'The item was deleted', examples: [{ ok: true }] });

export const PlanItemDto = Type.Object(
  {
    id: Uuid(),
    question: Uuid({ description: 'The question whose plan holds it' }),
    description: Type.String(),
    done: Type.Boolean(),
    done_at_ms: Nullable(Type.Integer()),
    position: Type.Integer({ description: 'Its place in the plan, from 0 (-1 once deleted)' }),
    assignment: Nullable(
      Type.Object({ id: Uuid({ description: 'GET /assignments/{id}' }), assignee: Type.String({ description: 'The agent credential it is assigned to' }) }),
      { description: 'The assignment, when the item was given to an assistant' },
    ),
    deleted_at_ms: Nullable(Type.Integer({ description: 'Set when the item was deleted from the plan (it is then only seen through its assignment)' })),
    created_at_ms: Type.Integer(),
    updated_at_ms: Type.Integer(),
  },
  { $id: 'PlanItemDto', examples: [itemExample] },
);
export type PlanItemDto = Static<typeof PlanItemDto>;

export const PlanDto = Type.Object(
  {
    question: Uuid(),
    items: Type.Array(PlanItemDto, { description: 'In plan order' }),
    total: Type.Integer(),
    done: Type.Integer(),
  },
  { examples: [{ question: ids.question, items: [itemExample], total: 1, done: 0 }] },
);
export type PlanDto = Static<typeof PlanDto>;

export const AddItemBody = Type.Object(
  {
    description: Text('What to do', 10_000),
    assignee: Type.Optional(Uuid({ description: 'An agent credential id (`rootline agent list`): the item becomes an assignment of that assistant' })),
  },
  { examples: [{ description: itemExample.description, assignee: ids.agent }, { description: 'Order the 1851 census piece for Ledbury' }] },
);
export type AddItemBody = Static<typeof AddItemBody>;

export const ItemDescriptionBody = Type.Object({ description: Text('What to do', 10_000) }, { examples: [{ description: 'Search the Ledbury and Bosbury baptism registers 1849-1853' }] });
export const ItemDoneBody = Type.Object({ done: Type.Boolean() }, { examples: [{ done: true }] });
export const ReorderBody = Type.Object(
  {
    before: Type.Optional(Uuid({ description: 'Move the item just before this item of the same plan' })),
    after: Type.Optional(Uuid({ description: 'Move the item just after this item of the same plan' })),
  },
  { description: 'Exactly one of `before` and `after`', examples: [{ before: ids.otherItem }, { after: ids.otherItem }] },
);
export type ReorderBody = Static<typeof ReorderBody>;

export const AssignmentDto = Type.Object(
  {
    id: Uuid(),
    assignee: Type.String({ description: 'The agent credential it is assigned to' }),
    state: Type.Union([Type.Literal('open'), Type.Literal('done'), Type.Literal('withdrawn')], { description: '`open` while the item is not done, `done`, or `withdrawn` when the item was deleted' }),
    item: Type.Object(PlanItemDto.properties, { description: 'The plan item (a PlanItemDto)' }),
    question: Type.Object(
      { id: Uuid(), text: Type.String(), status: Type.Union([Type.Literal('open'), Type.Literal('closed')]) },
      { description: 'The question of the plan' },
    ),
    sessions: Type.Array(
      Type.Object({
        id: Uuid(),
        goal: Type.String(),
        status: Type.Union([Type.Literal('open'), Type.Literal('ended')]),
        credential_id: Nullable(Type.String()),
        started_at_ms: Type.Integer(),
        ended_at_ms: Nullable(Type.Integer()),
        time_spent_ms: Type.Integer(),
      }),
      { description: 'The sessions that worked on it (opened with `assignment`), oldest first' },
    ),
    created_at_ms: Type.Integer(),
  },
  {
    examples: [{
      id: ids.assignment,
      assignee: ids.agent,
      state: 'open',
      item: itemExample,
      question: { id: ids.question, text: 'Who were the parents of William Smyth, born about 1851 in Ledbury?', status: 'open' },
      sessions: [{ id: ids.session, goal: 'Search the Ledbury baptisms', status: 'ended', credential_id: ids.agent, started_at_ms: at, ended_at_ms: at + 1_800_000, time_spent_ms: 1_800_000 }],
      created_at_ms: at,
    }],
  },
);
export type AssignmentDto = Static<typeof AssignmentDto>;
