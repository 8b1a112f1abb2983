import t from 'tap';
import { checkRouteAccess, exampleProblems } from '@rootline/kernel/testing';
import { duplicatesServer } from './fixtures/helpers.js';

/**
 * Who may do what (kernel/src/testing/access.ts): every route of this suite's server, both
 * mounts, declares its rule and keeps it. Anyone (an assistant too) searches and proposes;
 * approving (which merges) and denying (which is remembered for good) are the human's.
 */
const HUMAN_ONLY = ['POST /v1/proposals/:id/approve', 'POST /v1/proposals/:id/deny'];

t.test('every route declares who may call it and keeps to it', async (t) => {
  const s = await duplicatesServer(t);
  await checkRouteAccess(t, s, { plugin: '@rootline/plugin-duplicates', humanOnly: HUMAN_ONLY });
  t.same(await exampleProblems(s), [], 'every example the API description gives matches its schema');
});
