import t from 'tap';
import { checkRouteAccess, exampleProblems } from '@rootline/kernel/testing';
import { personsServer } from './fixtures/helpers.js';

/**
 * Who may do what (kernel/src/testing/access.ts): every route of this suite's server, both
 * mounts, declares its rule and keeps it for the human, an agent and no token. Only the
 * living-status override is the human's; concluding, retracting and splitting are open to
 * agents (they are reviewable conclusions, recorded with the agent as actor).
 */
// Merging is the human's decision (CONTRACT §3 lists proposal approve; a direct merge is the same act): an assistant proposes one instead.
const HUMAN_ONLY = ['PUT /v1/persons/:id/living-status', 'POST /v1/persons/merge'];

t.test('every route declares who may call it and keeps to it', async (t) => {
  const s = await personsServer(t);
  await checkRouteAccess(t, s, { plugin: '@rootline/plugin-persons', humanOnly: HUMAN_ONLY });
  t.same(await exampleProblems(s), [], 'every example the API description gives matches its schema');
});
