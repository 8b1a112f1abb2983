import { join } from 'node:path';
import { closeSync, fstatSync, mkdirSync, openSync, readSync } from 'node:fs';
import pino, { type Logger } from 'pino';

/**
 * pino to `<data>/logs/rootline.log`. Request logs carry method, path and status only:
 * no headers (so no tokens), no bodies, no query strings.
 */
export function createLogger(logsDir: string, level = process.env.ROOTLINE_LOG_LEVEL ?? 'info'): Logger {
  // The file is opened here, synchronously, so the logger is ready before the first line;
  // writes are asynchronous.
  mkdirSync(logsDir, { recursive: true });
  const fd = openSync(logFile(logsDir), 'a', 0o600);
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

/**
 * Waits until every line the logger was given is in the file. pino's `flush(cb)` does not: with
 * sonic-boom's default `minLength` 0 it calls back at once, even while a write is still under way
 * (sonic-boom 4.2). So this waits for the destination to stop writing, a few ms at a time, for at
 * most `maxMs`.
 */
export async function logWritten(logger: Logger, maxMs = 2000): Promise<void> {
  const destination = (logger as unknown as Record<symbol, { _writing?: boolean; _len?: number }>)[pino.symbols.streamSym];
  const busy = () => destination?._writing === true || (destination?._len ?? 0) > 0;
  for (const until = Date.now() + maxMs; busy() && Date.now() < until; ) await new Promise((resolve) => setTimeout(resolve, 2));
}

/** The log file in the data folder's logs folder. */
export function logFile(logsDir: string): string {
  return join(logsDir, 'rootline.log');
}

/** The last `maxBytes` of `file`, cut after the first line break when the cut falls inside a line; '' when it does not exist. */
export function readLogTail(file: string, maxBytes: number): string {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return '';
  }
  try {
    const size = fstatSync(fd).size;
    const start = Math.max(0, size - maxBytes);
    const buffer = Buffer.alloc(size - start);
    const read = readSync(fd, buffer, 0, buffer.length, start);
    const text = buffer.subarray(0, read).toString('utf8');
    if (start === 0) return text;
    const cut = text.indexOf('\n');
    return cut < 0 ? '' : text.slice(cut + 1);
  } finally {
    closeSync(fd);
  }
}
