import t from 'tap';
import { buildTestServer, checkRouteAccess, exampleProblems } from '@rootline/kernel/testing';

/**
 * Who may do what (kernel/src/testing/access.ts): every route of this suite's server, both
 * mounts, declares its rule and keeps it for the human, an agent and no token.
 * CONTRACT §3: bulk-confirm is the human's; reading the lane, defer and undefer are open to
 * agents.
 */
const HUMAN_ONLY: string[] = ['POST /v1/pending/bulk-confirm'];

t.test('every route declares who may call it and keeps to it', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-sources', '@rootline/plugin-personas', '@rootline/plugin-assertions', '@rootline/plugin-pending'] });
  await checkRouteAccess(t, s, { plugin: '@rootline/plugin-pending', humanOnly: HUMAN_ONLY });
  t.same(await exampleProblems(s), [], 'every example the API description gives matches its schema');
});
