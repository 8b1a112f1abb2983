import { join } from 'node:path';
import { closeSync, fstatSync, mkdirSync, openSync, readSync } from 'node:fs';
import pino, { type Logger } from 'pino';
import { LogFile, TOO_MANY_WAITING, type WriteLog } from './log-file.js';

/**
 * pino to `<data>/logs/rootline.log`. Request logs carry method, path and status only:
 * no headers (so no tokens), no bodies, no query strings. A log that cannot be written (a full
 * disk) loses lines, never stops or holds up the server; once it can be written again, one
 * line says how many were lost (log-file.ts). `writeLog` is for tests: a write that fails.
 */
export function createLogger(logsDir: string, level = process.env.ROOTLINE_LOG_LEVEL ?? 'info', writeLog?: WriteLog): Logger {
  // The file is opened here, synchronously, so the logger is ready before the first line;
  // writes are asynchronous.
  mkdirSync(logsDir, { recursive: true });
  const fd = openSync(logFile(logsDir), 'a', 0o600);
  const destination = new LogFile(fd, writeLog);
  const logger = pino(
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
  destination.onResumed = ({ lines, code }) => {
    const why = code === TOO_MANY_WAITING ? 'the log file could not be written fast enough' : 'the log file could not be written (is the disk holding the data folder full?)';
    logger.warn({ lost_lines: lines, code }, `${lines} log lines were lost: ${why}`);
  };
  return logger;
}

/**
 * Waits until every line the logger was given is in the file (or lost: a full disk), for at most
 * `maxMs`. A logger that does not write through `LogFile` is not waited for.
 */
export async function logWritten(logger: Logger, maxMs = 2000): Promise<void> {
  const destination = (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym];
  if (!(destination instanceof LogFile) || !destination.busy) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, maxMs);
    destination.flush(() => {
      clearTimeout(timer);
      resolve();
    });
  });
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
