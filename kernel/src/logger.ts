import { join } from 'node:path';
import pino, { type Logger } from 'pino';

/**
 * pino to `<data>/logs/rootline.log`. Request logs carry method, path and status only:
 * no headers (so no tokens), no bodies, no query strings.
 */
export function createLogger(logsDir: string, level = process.env.ROOTLINE_LOG_LEVEL ?? 'info'): Logger {
  const destination = pino.destination({ dest: join(logsDir, 'rootline.log'), mkdir: true, sync: false });
  return pino(
    {
      level,
      redact: { paths: ['req.headers.authorization', 'headers.authorization', '*.token', 'token'], censor: '[redacted]' },
      serializers: {
        req: (request: { method: string; url: string }) => ({ method: request.method, path: String(request.url).split('?')[0] }),
        res: (reply: { statusCode: number }) => ({ status: reply.statusCode }),
      },
    },
    destination,
  );
}
