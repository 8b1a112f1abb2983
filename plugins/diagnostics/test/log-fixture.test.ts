import t from 'tap';
import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appendLog, diagnosticsServer } from './fixtures/helpers.js';

/**
 * The log tests append lines to the server's log and expect them last. On a loaded machine the
 * server's own asynchronous line ("listening") once landed after them (a run of the ten in a row
 * failed at bundle.test.ts): `appendLog` waits for what the logger still holds first. A later
 * run failed here: the wait went through `kernel.recentLog`, which gives up after 2 s, and the
 * machine took longer. Here every thread of libuv's pool is held, for longer than those 2 s, by
 * an open of a named pipe that waits for its writer; the logger's write waits behind them.
 */
t.test('appendLog writes after every line the server had logged, even when its write waits longer than 2 s', async (t) => {
  const s = await diagnosticsServer(t, { options: { log_lines: 2 } });
  const folder = mkdtempSync(join(tmpdir(), 'rootline-pool-'));
  t.teardown(() => rmSync(folder, { recursive: true, force: true }));
  const pipes = Array.from({ length: Number(process.env.UV_THREADPOOL_SIZE ?? 4) }, (_, i) => join(folder, `pipe-${i}`));
  for (const pipe of pipes) execFileSync('mkfifo', [pipe]);
  const held = pipes.map((pipe) => open(pipe, 'r'));
  s.server.kernel.logger.info('a line the server logged just before');
  // Each writer's open lets its reader's open (and its thread) go.
  const released = new Promise<void>((done) => setTimeout(() => {
    for (const pipe of pipes) closeSync(openSync(pipe, constants.O_WRONLY));
    done();
  }, 2_500));
  await appendLog(s, ['line two', 'line three']);
  await released;
  for (const handle of await Promise.all(held)) await handle.close();
  const bundle = (await s.request('GET', '/v1/diagnostics/bundle')).body;
  t.match(bundle, /== Recent log \(last 2 lines\) ==\nline two\nline three\n$/);
});
