import t from 'tap';
import { checkRouteAccess, exampleProblems } from '@rootline/kernel/testing';
import { researchServer } from './fixtures/helpers.js';

/**
 * Who may do what (kernel/src/testing/access.ts): every route of this suite's server, both
 * mounts, declares its rule and keeps it for the human, an agent and no token. Reopening a
 * research question is the human's (CONTRACT §3); everything else of the research desk is open
 * to assistants, recorded with the agent as actor — closing with an answer and confirming coverage
 * included: they are reversible (reopen) or replaceable judgments, and the record says who made them.
 */
const HUMAN_ONLY = ['POST /v1/research/questions/:id/reopen'];

t.test('every route declares who may call it and keeps to it', async (t) => {
  const s = await researchServer(t);
  await checkRouteAccess(t, s, { plugin: '@rootline/plugin-research', humanOnly: HUMAN_ONLY });
  t.same(await exampleProblems(s), [], 'every example the API description gives matches its schema');
});
