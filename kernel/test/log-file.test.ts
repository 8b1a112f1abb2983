import t from 'tap';
import { mkdtempSync, readFileSync, rmSync, write } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger, logFile, logWritten } from '../src/logger.js';
import { RETRY_AFTER_MS, type WriteLog } from '../src/log-file.js';

const ENOSPC = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });

/** A disk that can be filled and emptied: while full, every write fails as Linux's would. */
function disk() {
  const state = { full: false, writes: 0, partial: 0 };
  const writeLog: WriteLog = (fd, data, callback) => {
    state.writes++;
    if (state.partial > 0) {
      // Part of the data fits, then the disk is full.
      const part = data.subarray(0, state.partial);
      state.partial = 0;
      state.full = true;
      write(fd, part, 0, part.length, null, callback);
    } else if (state.full) setImmediate(() => callback(ENOSPC(), 0));
    else write(fd, data, 0, data.length, null, callback);
  };
  return { state, writeLog };
}

function logsDir(t: { teardown(fn: () => unknown): void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'rootline-log-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const lines = (dir: string) => readFileSync(logFile(dir), 'utf8').split('\n').filter(Boolean);
const messages = (dir: string) => lines(dir).map((line) => (JSON.parse(line) as { msg: string }).msg);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

t.test('a full disk loses log lines, never the server: nothing throws or waits, and once the log can be written one line says how many were lost', async (t) => {
  const dir = logsDir(t);
  const { state, writeLog } = disk();
  const logger = createLogger(dir, 'info', writeLog);
  logger.info('before the disk filled');
  await logWritten(logger);

  state.full = true;
  const started = performance.now();
  for (let i = 0; i < 20; i++) logger.error({ i }, 'request failed');
  t.ok(performance.now() - started < 200, 'logging on a full disk returns at once (no synchronous retry)');
  await logWritten(logger);
  let ticked = false;
  setTimeout(() => (ticked = true), 10);
  await sleep(50);
  t.ok(ticked, 'the event loop goes on');
  t.ok(state.writes <= 3, `no write is retried in a loop (${state.writes} writes)`);
  await sleep(200);
  t.ok(state.writes <= 3, 'nor later, while nothing is logged');
  t.same(messages(dir), ['before the disk filled'], 'what could not be written is not in the file');

  state.full = false;
  logger.info('dropped: within a second of the failure nothing is tried');
  await sleep(RETRY_AFTER_MS + 50);
  logger.info('after the disk had room again');
  await logWritten(logger);
  await logWritten(logger);
  t.same(messages(dir), [
    'before the disk filled',
    'after the disk had room again',
    '21 log lines were lost: the log file could not be written (is the disk holding the data folder full?)',
  ]);
  t.match(JSON.parse(lines(dir)[2]), { level: 40, lost_lines: 21, code: 'ENOSPC' }, 'a warning with the count and the cause');

  logger.info('and on');
  await logWritten(logger);
  t.equal(messages(dir).filter((message) => message.includes('were lost')).length, 1, 'said once');
});

t.test('a line cut short by the full disk does not swallow the line written after it', async (t) => {
  const dir = logsDir(t);
  const { state, writeLog } = disk();
  const logger = createLogger(dir, 'info', writeLog);
  state.partial = 12;
  logger.info('cut short');
  await logWritten(logger);
  state.full = false;
  await sleep(RETRY_AFTER_MS + 50);
  logger.info('whole');
  await logWritten(logger);
  await logWritten(logger);
  const text = readFileSync(logFile(dir), 'utf8').split('\n');
  t.equal(text[0].length, 12, 'the torn part stays on a line of its own');
  t.same(text.slice(1).filter(Boolean).map((line) => (JSON.parse(line) as { msg: string }).msg), [
    'whole',
    '1 log lines were lost: the log file could not be written (is the disk holding the data folder full?)',
  ]);
});

t.test('a write that never ends holds at most 4 MB of lines; the rest are counted as lost', async (t) => {
  const dir = logsDir(t);
  let release: (() => void) | undefined;
  const writeLog: WriteLog = (fd, data, callback) => {
    if (!release) release = () => write(fd, data, 0, data.length, null, callback);
    else write(fd, data, 0, data.length, null, callback);
  };
  const logger = createLogger(dir, 'info', writeLog);
  logger.info('first');
  const text = 'x'.repeat(1000);
  for (let i = 0; i < 5000; i++) logger.info({ i }, text);
  release!();
  await logWritten(logger, 20_000);
  await logWritten(logger, 20_000);
  const written = messages(dir);
  t.equal(written[0], 'first');
  const kept = written.filter((message) => message === text).length;
  t.ok(kept > 3000 && kept < 5000, `about 4 MB kept (${kept} lines of 1 KB)`);
  t.equal(written.at(-1), `${5000 - kept} log lines were lost: the log file could not be written fast enough`);
});
