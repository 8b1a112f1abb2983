import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { docsPageRoutes } from './docs-page.js';
import { ProblemSchema } from '../schemas.js';

const PROBLEM_TEXT: Record<number, string> = {
  400: 'Invalid request (Problem: validation-failed, unknown-query-parameter, invalid-cursor, invalid-idempotency-key, ...)',
  401: 'Missing, unknown or revoked token (Problem: unauthorized)',
  403: 'The human token is needed, or a cross-site request (Problem: human-token-required, cross-origin-refused)',
  404: 'Not found (Problem: not-found, tree-not-found)',
  409: 'Conflict with the current state',
  413: 'Body too large (Problem: payload-too-large)',
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
    transform: ({ schema, url }) => {
      const source = { ...(schema as Record<string, unknown>) };
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
  });
  app.get('/v1/openapi.json', { config: { public: true }, schema: { hide: true } }, async () => app.swagger());
  await app.register(docsPageRoutes, { prefix: '/v1' });
}
