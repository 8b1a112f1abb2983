import t from 'tap';
import { buildTestServer, checkRouteAccess, exampleProblems } from '@rootline/kernel/testing';

/**
 * Who may do what (kernel/src/testing/access.ts): every route of this suite's server, both
 * mounts, declares its rule and keeps it for the human, an agent and no token.
 * CONTRACT §3: confirm, refute and mark-fabricated are the human's; capture, supersede,
 * attach-evidence and attach-evidence-and-confirm are open to agents (real, followable
 * evidence is the point).
 */
const HUMAN_ONLY: string[] = [
  'POST /v1/assertions/:id/confirm',
  'POST /v1/assertions/:id/refute',
  'POST /v1/assertions/:id/mark-fabricated',
];

t.test('every route declares who may call it and keeps to it', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-sources', '@rootline/plugin-personas', '@rootline/plugin-assertions'] });
  await checkRouteAccess(t, s, { plugin: '@rootline/plugin-assertions', humanOnly: HUMAN_ONLY });
  t.same(await exampleProblems(s), [], 'every example the API description gives matches its schema');
});
