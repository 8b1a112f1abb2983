import t from 'tap';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTestServer, logSettled } from '@rootline/kernel/testing';
import { readLogTail } from '../src/logger.js';
import { jottingsPlugin } from './fixtures/plugins.js';

t.test('recentLog: the end of the log, whole lines, with what the logger held written first', async (t) => {
  const s = await buildTestServer(t, { builtIn: [jottingsPlugin()], plugins: ['@rootline/plugin-jottings'] });
  const log = join(s.dataDir, 'logs', 'rootline.log');
  appendFileSync(log, 'first line\nsecond line\nthird line\n');
  s.server.kernel.logger.warn('a warning just logged');
  const all = await s.server.kernel.recentLog(1_000_000);
  t.match(all, /first line\nsecond line\nthird line\n/);
  t.match(all, /"msg":"a warning just logged"/, 'the logger was flushed before reading');
  const lines = all.split('\n');
  const lastTwo = `${lines.at(-3)}\n${lines.at(-2)}\n`;
  t.equal(await s.server.kernel.recentLog(Buffer.byteLength(lastTwo) + 3), lastTwo, 'a cut inside a line drops that line');
});

t.test('logSettled (for tests): returns once every line the logger was given is in the file', async (t) => {
  const s = await buildTestServer(t, { builtIn: [jottingsPlugin()], plugins: ['@rootline/plugin-jottings'] });
  for (let i = 0; i < 200; i++) s.server.kernel.logger.info(`line ${i} of a burst`);
  await logSettled(s.server.kernel.logger);
  const text = readFileSync(join(s.dataDir, 'logs', 'rootline.log'), 'utf8');
  t.match(text, /"msg":"line 199 of a burst"/);
  t.equal(text.match(/ of a burst"/g)?.length, 200);
});

t.test('loadedPlugins: name, version and scope of each plugin in manifest order', async (t) => {
  const s = await buildTestServer(t, { builtIn: [jottingsPlugin()], plugins: ['@rootline/plugin-jottings'] });
  t.match(s.server.kernel.loadedPlugins(), [{ name: '@rootline/plugin-jottings', version: String, scope: 'tree' }]);
  t.equal(s.server.kernel.loadedPlugins().length, 1);
});

t.test('readLogTail: whole file, a tail, no line break in the tail, no file', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'rootline-log-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'rootline.log');
  t.equal(readLogTail(file, 100), '', 'no file: nothing');
  writeFileSync(file, 'one\ntwo\nthree\n');
  t.equal(readLogTail(file, 100), 'one\ntwo\nthree\n');
  t.equal(readLogTail(file, 14), 'one\ntwo\nthree\n', 'exactly the size: all of it');
  t.equal(readLogTail(file, 9), 'three\n', 'starting inside "two": from the next line');
  t.equal(readLogTail(file, 4), '', 'a tail inside one line: nothing');
  t.equal(readLogTail(file, 0), '');
});
