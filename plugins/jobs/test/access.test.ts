import t from 'tap';
import { buildTestServer, checkRouteAccess, exampleProblems } from '@rootline/kernel/testing';

/**
 * Who may do what: every jobs route is open to agents (CONTRACT §3 lists none). Cancel is
 * open too, but an agent may cancel only the jobs its own credential started (403
 * `not-your-job`, tested in cancel.test.ts): the access walk only meets unknown jobs (404).
 */
const HUMAN_ONLY: string[] = [];

t.test('every route declares who may call it and keeps to it', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-jobs'] });
  await checkRouteAccess(t, s, { plugin: '@rootline/plugin-jobs', humanOnly: HUMAN_ONLY });
  t.same(await exampleProblems(s), [], 'every example the API description gives matches its schema');
});
