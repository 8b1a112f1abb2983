import { Type } from '@sinclair/typebox';
import { Page, PagingQuery, Uuid } from '@rootline/kernel';
import { AssertionDto, AssertionStatus, ASSERTION_EXAMPLE } from './assertion.js';

/** `sort` and `order` are checked by the handler so a wrong value is `invalid-sort` / `invalid-order`. */
const SortQuery = {
  sort: Type.Optional(Type.String({ description: 'Only `created`', examples: ['created'] })),
  order: Type.Optional(Type.String({ description: '`asc` (default) or `desc`', examples: ['desc'] })),
};

export const AssertionsQuery = Type.Object({
  persona: Uuid({ description: 'The persona whose claims to list (required)' }),
  kind: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Exact claim kind', examples: ['birth'] })),
  state: Type.Optional(AssertionStatus),
  source: Type.Optional(Uuid({ description: 'Only claims citing this source' })),
  ...SortQuery,
  ...PagingQuery,
});

export const PagingOnlyQuery = Type.Object({ ...PagingQuery });

export const AssertionPage = Page(AssertionDto, { description: 'A page of assertions' });
Object.assign(AssertionPage, { examples: [{ items: [ASSERTION_EXAMPLE], next_cursor: null, total: 1 }] });

export const SourcingTally = Type.Object(
  {
    sourced: Type.Integer({ description: 'Active claims that cite a source' }),
    needs_source: Type.Integer({ description: 'Active claims that cite no source yet' }),
    total: Type.Integer({ description: 'Always sourced + needs_source' }),
  },
  { description: 'Sourcing tally of active claims (pending, deferred, confirmed)', examples: [{ sourced: 412, needs_source: 37, total: 449 }] },
);

export const SourceParams = Type.Object({ id: Uuid({ description: 'The source' }) });
