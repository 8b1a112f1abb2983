import t from 'tap';
import { pbkdf2 } from 'node:crypto';
import { appendLog, diagnosticsServer } from './fixtures/helpers.js';

/**
 * The log tests append lines to the server's log and expect them last. On a loaded machine the
 * server's own asynchronous line ("listening") once landed after them (a run of the ten in a row
 * failed at bundle.test.ts): `appendLog` now waits for what the logger still holds first.
 */
t.test('appendLog writes after every line the server had logged, even when its write is still queued', async (t) => {
  const s = await diagnosticsServer(t, { options: { log_lines: 2 } });
  // Every thread of libuv's pool busy: the logger's write waits in the queue, as on a loaded machine.
  const busy = Array.from({ length: 4 }, () => new Promise((done) => pbkdf2('x', 'y', 200_000, 64, 'sha512', done)));
  s.server.kernel.logger.info('a line the server logged just before');
  await appendLog(s, ['line two', 'line three']);
  await Promise.all(busy);
  const bundle = (await s.request('GET', '/v1/diagnostics/bundle')).body;
  t.match(bundle, /== Recent log \(last 2 lines\) ==\nline two\nline three\n$/);
});
