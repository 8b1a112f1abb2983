import { Type, type TSchema } from '@sinclair/typebox';
import { UUID_PATTERN } from './ids.js';

/** Shared TypeBox schemas every plugin uses. */
export const Uuid = (options: { description?: string; examples?: string[] } = {}) =>
  Type.String({ pattern: UUID_PATTERN, format: 'uuid', examples: ['01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d'], ...options });

export const ProblemSchema = Type.Object(
  {
    type: Type.String({ examples: ['urn:rootline:problem:not-found'] }),
    title: Type.String(),
    status: Type.Integer(),
    detail: Type.String(),
    code: Type.String({ description: 'Stable machine-readable code (kebab-case)', examples: ['not-found'] }),
    instance: Type.String({ description: 'The request path' }),
    errors: Type.Optional(
      Type.Array(
        Type.Object({
          location: Type.Union([Type.Literal('query'), Type.Literal('body'), Type.Literal('path'), Type.Literal('header')]),
          name: Type.String(),
          message: Type.String(),
        }),
      ),
    ),
  },
  { $id: 'Problem', additionalProperties: true, description: 'An error (CONTRACT §4)' },
);

/** The page envelope of every paginated list. */
export const Page = <T extends TSchema>(item: T, options: { description?: string } = {}) =>
  Type.Object(
    {
      items: Type.Array(item),
      next_cursor: Type.Union([Type.String(), Type.Null()], { description: 'Pass back as `cursor` for the next page; null on the last page' }),
      total: Type.Integer({ description: 'Matches after filters, before paging' }),
    },
    options,
  );

export const Order = Type.Union([Type.Literal('asc'), Type.Literal('desc')], { description: '`asc` (default) or `desc`' });

/** `limit` and `cursor`; `limit` is clamped, never rejected, when it is an integer. */
export const PagingQuery = {
  limit: Type.Optional(Type.Integer({ description: 'Rows per page; out-of-range values are clamped' })),
  cursor: Type.Optional(Type.String({ description: 'Opaque cursor from the previous page' })),
};

/** A blob reference as every route takes it: the bare SHA-256 hex an upload returned. */
export const BlobAddress = (options: { description?: string } = {}) =>
  Type.String({ pattern: '^[0-9a-fA-F]{64}$', description: 'The address an upload returned: 64 hex characters', examples: ['e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'], ...options });

/** A value or null (a field that is always present but may be empty). */
export const Nullable = <T extends TSchema>(schema: T, options: { description?: string } = {}) => Type.Union([schema, Type.Null()], options);

export const OkResponse = Type.Object({ ok: Type.Literal(true) }, { $id: 'OkResponse' });

