import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { requestPath } from './request-path.js';

/** One line per request: method, path (no query string, no token: `requestPath`), status, time. Never headers or bodies. */
export function installRequestLog(app: FastifyInstance, logger: Logger): void {
  app.addHook('onResponse', async (request, reply) => {
    logger.info({ method: request.method, path: requestPath(request.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  });
}
