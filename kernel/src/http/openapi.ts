import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { docsPageRoutes } from './docs-page.js';
import { ProblemSchema } from '../schemas.js';
import { demandsNothing } from './optional-body.js';

const PROBLEM_TEXT: Record<number, string> = {
  400: 'Invalid request (Problem: validation-failed, unknown-query-parameter, invalid-cursor, invalid-idempotency-key, ...)',
  401: 'Missing, unknown or revoked token (Problem: unauthorized)',
  403: 'The human token is needed, or a cross-site request (Problem: human-token-required, cross-origin-refused)',
  404: 'Not found (Problem: not-found, tree-not-found)',
  409: 'Conflict with the current state',
  413: 'Body too large (Problem: payload-too-large)',
  415: 'The body is not of a type the route reads: send JSON as `Content-Type: application/json` (Problem: unsupported-media-type)',
  416: 'Range not satisfiable',
  421: 'Wrong Host header (Problem: misdirected-request)',
  422: 'Refused by a rule of the domain',
  429: 'Rate limited (Problem: rate-limited)',
  500: 'Internal error (Problem: internal)',
  502: 'An outside service could not be reached',
  503: 'Not accepted right now',
  507: 'The disk holding the data folder is full; nothing was changed (Problem: disk-full)',
};

/** OpenAPI 3.1 of every route on both mounts at `/v1/openapi.json`, and the page at `/v1/docs`. */
export async function installOpenApi(app: FastifyInstance, info: { appVersion: string }): Promise<void> {
  app.addSchema(ProblemSchema);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Rootline API',
        version: info.appVersion,
        description:
          'Local genealogy research server. Every route exists on the active-tree mount `/v1/...` and the tree-pinned mount `/v1/trees/{tree_id}/...` unless it is global. Send `Authorization: Bearer <token>`; `rootline token` prints the human token. Errors are Problem documents with a stable `code`. Any route whose work fails because the disk holding the data folder is full (ENOSPC, EDQUOT, SQLITE_FULL) answers 507 `disk-full`, and nothing was changed.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`) },
    transform: ({ schema, url, route }) => {
      const source = { ...(schema as Record<string, unknown>) };
      const method = [route.method].flat()[0];
      source.operationId = operationId(method, url);
      if (WRITES.has(method) && source['x-access'] !== 'public') source.headers = writeHeaders(source['x-access'] === 'agent');
      const problems = (source['x-problems'] as number[] | undefined) ?? [];
      delete source['x-problems'];
      // A route that reads its body as a stream declares it for the document only (`x-raw-body`,
      // e.g. a binary string): the request body of each `consumes` type, never validated.
      if (source['x-raw-body']) {
        source.body = source['x-raw-body'];
        delete source['x-raw-body'];
      }
      const response = { ...((source.response as Record<string, unknown>) ?? {}) };
      for (const status of problems) {
        if (!response[status]) response[status] = { description: PROBLEM_TEXT[status] ?? 'Problem', content: { 'application/json': { schema: { $ref: 'Problem#' } } } };
      }
      source.response = response;
      return { schema: source as never, url };
    },
    transformObject: (document) => ('openapiObject' in document ? withOptionalBodies(document.openapiObject as OpenApiDocument) : document.swaggerObject) as never,
  });
  app.get('/v1/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
  await app.register(docsPageRoutes, { prefix: '/v1' });
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A unique name per operation for client generators: the method and the path's words joined by
 * `_`, a path parameter by its name (`GET /v1/persons/{id}/card` -> `get_persons_id_card`; the
 * pinned mount's `get_trees_tree_id_persons_id_card`). The same name `rootline mcp` gives the
 * operation's tool (tools/cli/src/mcp/tools.ts `toolName`).
 */
function operationId(method: string, url: string): string {
  const words = url.split('/').filter((segment) => segment !== '' && segment !== 'v1').map((segment) => segment.replace(/^:/, ''));
  return [method.toLowerCase(), ...words].join('_').replace(/[^A-Za-z0-9_]/g, '_');
}

/** The request headers a change may carry (documentation: the kernel checks them on every write, kernel/src/http/idempotency.ts, auth/auth-hook.ts). */
function writeHeaders(agent: boolean): Record<string, unknown> {
  return {
    type: 'object',
    properties: {
      'idempotency-key': { type: 'string', pattern: '^[\\x21-\\x7E]{1,200}$', description: 'Reserved for retries: 1-200 printable ASCII characters without spaces, checked (400 `invalid-idempotency-key`) but not yet deduplicated: a retry applies again' },
      ...(agent ? { 'x-proposer-model': { type: 'string', pattern: '^[\\x20-\\x7E]{1,200}$', description: "An agent's model name, kept on what it proposes (1-200 printable ASCII characters; the human's is ignored)" } } : {}),
    },
  };
}

interface OpenApiDocument {
  paths?: Record<string, Record<string, { requestBody?: { required?: boolean; content?: Record<string, { schema?: Record<string, unknown> }> } }>>;
  components?: { schemas?: Record<string, Record<string, unknown>> };
}

/**
 * `requestBody.required: false` where the body may be left out. @fastify/swagger marks every body
 * required; a route whose JSON body schema demands nothing takes a bare request as `{}`
 * (optional-body.ts, added to every such route by route-conventions.ts).
 */
function withOptionalBodies(document: OpenApiDocument): OpenApiDocument {
  const resolve = (schema: Record<string, unknown> | undefined) => {
    const ref = schema?.$ref;
    return typeof ref === 'string' ? document.components?.schemas?.[ref.replace(/^#\/components\/schemas\//, '')] : schema;
  };
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      const body = operation.requestBody;
      if (body && demandsNothing(resolve(body.content?.['application/json']?.schema))) body.required = false;
    }
  }
  return document;
}
