import t from 'tap';
import { buildTestServer, checkRouteAccess, exampleProblems } from '@rootline/kernel/testing';

/**
 * Who may do what: media routes are open to agents. Resolving a media object only points it at
 * bytes already uploaded to the tree (and a correction is recorded), and CONTRACT §3 does not
 * list it among the human's operations.
 */
const HUMAN_ONLY: string[] = [];

t.test('every route declares who may call it and keeps to it', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-media'] });
  await checkRouteAccess(t, s, { plugin: '@rootline/plugin-media', humanOnly: HUMAN_ONLY });
  t.same(await exampleProblems(s), [], 'every example the API description gives matches its schema');
});
