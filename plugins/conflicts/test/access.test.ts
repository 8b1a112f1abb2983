import t from 'tap';
import { checkRouteAccess, exampleProblems } from '@rootline/kernel/testing';
import { conflictsServer } from './fixtures/helpers.js';

/**
 * Who may do what (kernel/src/testing/access.ts): every route of this suite's server, both
 * mounts, declares its rule and keeps it for the human, an agent and no token. Settling a
 * conflict, by a proof argument or by withdrawing it, is the human's; agents read conflicts and
 * may write the proof argument (proofs plugin).
 */
const HUMAN_ONLY = ['POST /v1/conflicts/:id/resolution', 'POST /v1/conflicts/:id/withdrawal'];

t.test('every route declares who may call it and keeps to it', async (t) => {
  const s = await conflictsServer(t);
  await checkRouteAccess(t, s, { plugin: '@rootline/plugin-conflicts', humanOnly: HUMAN_ONLY });
  t.same(await exampleProblems(s), [], 'every example the API description gives matches its schema');
});
