import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { main } from '../src/main.js';
import { dataFolder, manifest } from './helpers.js';
import { agentToken } from './mcp-client.js';
import { spawnCli } from './cli-process.js';

/**
 * An assistant app started `rootline mcp` while no server ran: it started one of its own, which
 * holds the data folder as long as the app runs. `rootline serve` then names that command and
 * what to do, not "a Rootline server is already running".
 */

/** The data folder's holder once it listens (what the lock's loser reads). */
async function holderOnceListening(dataDir: string): Promise<{ pid: number; command: string; url: string }> {
  for (let tries = 0; tries < 600; tries++) {
    try {
      const holder = JSON.parse(readFileSync(join(dataDir, 'rootline.lock.json'), 'utf8'));
      if (holder.url) return holder;
    } catch {
      // not written yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('rootline mcp never listened');
}

t.test('rootline serve while an assistant\'s rootline mcp holds the data folder: the line names mcp and the way out', async (t) => {
  const dataDir = dataFolder(t);
  const mcp = spawnCli(t, ['mcp', '--data-dir', dataDir], { env: { ROOTLINE_AGENT_TOKEN: agentToken(dataDir) }, stdin: 'pipe' });
  const holder = await holderOnceListening(dataDir);
  t.equal(holder.pid, mcp.child.pid, 'the mcp process holds it');
  t.equal(holder.command, 'mcp', 'recorded as the mcp command, not serve');

  const err: string[] = [];
  const code = await main(['serve', '--port', '0', '--data-dir', dataDir], { out: (line) => t.fail(`stdout: ${line}`), err: (line) => err.push(line), manifest, env: {} });
  t.equal(code, 1);
  t.same(err, [`rootline: rootline mcp (pid ${mcp.child.pid}), started by an assistant app, runs a server for this data folder at ${holder.url}: `
    + 'quit the assistant app (or end that process), then start rootline serve; an assistant started after rootline serve uses the running server']);

  mcp.child.stdin!.end(); // the assistant app quits
  t.same(await mcp.ended, { code: 0, signal: null });
  t.equal(mcp.stderr(), '');
});
