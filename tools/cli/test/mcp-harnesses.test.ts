import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';
import { HARNESSES } from '../src/mcp/harnesses.js';
import { main } from '../src/main.js';
import { manifest } from './helpers.js';

/** The ids `rootline mcp --harness` accepts are the integrations plugin's, in its order; another is a mistake in the command line. */

t.test('the seven ids are the ones the server connects', async (t) => {
  const s = await buildTestServer(t, { plugins: manifest.plugins });
  const served = (await s.request('GET', '/v1/integrations/harnesses')).json().harnesses.map((harness: { id: string }) => harness.id);
  t.same([...HARNESSES], served);
});

t.test('an unknown id: exit 2, the seven named, nothing started', async (t) => {
  const err: string[] = [];
  const code = await main(['mcp', '--harness', 'nope', '--data-dir', '/nonexistent/rootline'], { out: () => t.fail('stdout'), err: (line) => err.push(line), manifest, env: {} });
  t.equal(code, 2);
  t.same(err, [`rootline: option '--harness <id>' argument 'nope' is invalid. Allowed choices are ${HARNESSES.join(', ')}; see rootline mcp --help`]);
});
