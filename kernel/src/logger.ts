import { join } from 'node:path';
import { mkdirSync, openSync } from 'node:fs';
import pino, { type Logger } from 'pino';

/**
 * pino to `<data>/logs/rootline.log`. Request logs carry method, path and status only:
 * no headers (so no tokens), no bodies, no query strings.
 */
export function createLogger(logsDir: string, level = process.env.ROOTLINE_LOG_LEVEL ?? 'info'): Logger {
  // The file is opened here, synchronously, so the logger is ready before the first line;
  // writes are asynchronous.
  mkdirSync(logsDir, { recursive: true });
  const fd = openSync(join(logsDir, 'rootline.log'), 'a', 0o600);
  const destination = pino.destination({ fd, sync: false });
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
