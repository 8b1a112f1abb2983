import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';

/** One line per request: method, path (no query string), status, time. Never headers or bodies. */
export function installRequestLog(app: FastifyInstance, logger: Logger): void {
  app.addHook('onResponse', async (request, reply) => {
    logger.info({ method: request.method, path: request.url.split('?')[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  });
}
