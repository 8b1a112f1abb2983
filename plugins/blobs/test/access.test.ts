import t from 'tap';
import { buildTestServer, checkRouteAccess, exampleProblems } from '@rootline/kernel/testing';

/**
 * Who may do what (kernel/src/testing/access.ts): every route of this suite's server, both
 * mounts, declares its rule and keeps it for the human, an agent and no token.
 * Uploads, downloads and thumbnails are open to agents (CONTRACT §3 lists none of them as
 * human-only).
 */
const HUMAN_ONLY: string[] = [];

t.test('every route declares who may call it and keeps to it', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-blobs'] });
  await checkRouteAccess(t, s, { plugin: '@rootline/plugin-blobs', humanOnly: HUMAN_ONLY });
  t.same(await exampleProblems(s), [], 'every example the API description gives matches its schema');
});
