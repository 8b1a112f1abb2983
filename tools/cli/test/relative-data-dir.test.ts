import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { folder } from './helpers.js';
import { spawnCli } from './cli-process.js';

/**
 * `rootline serve --data-dir reldata`, then an assistant connected: the entry written into the
 * assistant's file names the data folder by its full path, so the assistant, which starts it from
 * a folder of its own, reaches the same data (docs/integrations.md: "whatever the assistant's
 * environment").
 */

t.test('a relative --data-dir: the connected assistant\'s entry carries the full path, and works from another folder', async (t) => {
  const work = folder(t);
  const home = folder(t);
  const serve = spawnCli(t, ['serve', '--port', '0', '--data-dir', 'reldata'], { cwd: work, env: { ROOTLINE_HARNESS_HOME: home } });
  const url = await new Promise<string>((resolve, reject) => {
    serve.child.stdout!.on('data', () => {
      const match = /^Rootline listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(serve.stdout());
      if (match) resolve(match[1]);
    });
    void serve.ended.then(() => reject(new Error(`serve ended: ${serve.stderr()}`)));
  });
  t.teardown(() => {
    serve.child.kill('SIGTERM');
    return serve.ended;
  });
  const token = readFileSync(join(work, 'reldata', 'credentials', 'human.token'), 'utf8').trim();
  const connect = await fetch(`${url}/v1/integrations/cursor/connect`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  t.equal(connect.status, 200, await connect.clone().text());
  const entry = JSON.parse(readFileSync(join(home, '.cursor', 'mcp.json'), 'utf8')).mcpServers.rootline as { command: string; args: string[] };
  t.same(entry.args.slice(-5), ['mcp', '--harness', 'cursor', '--data-dir', join(work, 'reldata')], 'the full path, not "reldata"');

  // The assistant starts the entry from its own folder (here the harness home): it answers as Rootline.
  const mcp = spawnCli(t, entry.args.slice(-5), { cwd: home, stdin: 'pipe' });
  mcp.child.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'unit-assistant', version: '0.0.1' } } })}\n`);
  const answer = await new Promise<string>((resolve, reject) => {
    mcp.child.stdout!.on('data', () => {
      if (mcp.stdout().includes('\n')) resolve(mcp.stdout());
    });
    void mcp.ended.then(() => reject(new Error(`mcp ended: ${mcp.stderr()}`)));
  }).catch((error: Error) => error.message);
  t.match(answer, /"serverInfo":\{"name":"rootline"/, 'the MCP server answers');
  mcp.child.stdin!.end();
  t.same(await mcp.ended, { code: 0, signal: null }, mcp.stderr());
});
