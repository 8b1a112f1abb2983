import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@rootline/kernel';
import { DiagnosticsDto } from '../schemas.js';

const TAGS = ['diagnostics'];

/** `GET /v1/diagnostics`, `GET /v1/diagnostics/bundle`: open to agents (CONTRACT §3 does not make them the human's). */
export async function diagnosticsRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();
  const service = () => app.kernel.cradle.diagnosticsService;

  route.get('/diagnostics', {
    config: { humanOnly: false },
    schema: {
      summary: 'What this server is, how it runs, and recent trouble',
      description: 'Versions, platform, uptime, the plugins of this build with their versions, every tree with its database size, record counts by kind and stored files, the registry\'s size, and counts of errors and warnings logged in the last 24 hours (within the last 1 MiB of the log). The log is described in words, never by path. Nothing is kept; each call reads afresh.',
      tags: TAGS,
      response: { 200: DiagnosticsDto },
    },
  }, () => service().report());

  route.get('/diagnostics/bundle', {
    config: { humanOnly: false },
    schema: {
      summary: 'The diagnostics as a redacted text file to attach to a report',
      description: 'text/plain: the same as `GET /v1/diagnostics`, the ROOTLINE_* configuration (secret-named values hidden, URLs cut to their origin) and the last 200 log lines. Redacted throughout: tokens (`[token]`), filesystem paths (`[path]`; API routes `/v1/...` stay), e-mail addresses (`[email]`), and every word of every person and persona name of every tree (`[name]`, case-insensitive, whole words; a word that is also a name elsewhere is removed too).',
      tags: TAGS,
      produces: ['text/plain'],
      response: { 200: Type.String({ description: 'The bundle, UTF-8 text.' }) },
    },
  }, async (_request, reply) => {
    reply.header('content-type', 'text/plain; charset=utf-8');
    reply.header('content-disposition', 'attachment; filename="rootline-diagnostics.txt"');
    return service().bundle();
  });
}
