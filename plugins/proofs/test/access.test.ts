import t from 'tap';
import { checkRouteAccess, exampleProblems } from '@rootline/kernel/testing';
import { proofServer } from './fixtures/helpers.js';

/**
 * Who may do what (kernel/src/testing/access.ts): every route of this suite's server, both
 * mounts, declares its rule and keeps it for the human, an agent and no token.
 * Proof arguments are open to agents (CONTRACT §3 lists none of their routes as human-only):
 * an assistant may draft one, and the human reads it.
 */
const HUMAN_ONLY: string[] = [];

t.test('every route declares who may call it and keeps to it', async (t) => {
  const s = await proofServer(t);
  await checkRouteAccess(t, s, { plugin: '@rootline/plugin-proofs', humanOnly: HUMAN_ONLY });
  t.same(await exampleProblems(s), [], 'every example the API description gives matches its schema');
});
