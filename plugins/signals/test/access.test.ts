import t from 'tap';
import { checkRouteAccess, exampleProblems } from '@rootline/kernel/testing';
import { signalsServer } from './fixtures/helpers.js';

/**
 * Who may do what (kernel/src/testing/access.ts): every route of this suite's server, both
 * mounts, declares its rule and keeps to it for the human, an agent and no token. The signals
 * are a read an assistant needs to plan its work: open to agents.
 */
const HUMAN_ONLY: string[] = [];

t.test('every route declares who may call it and keeps to it', async (t) => {
  const s = await signalsServer(t);
  await checkRouteAccess(t, s, { plugin: '@rootline/plugin-signals', humanOnly: HUMAN_ONLY });
  t.same(await exampleProblems(s), [], 'every example the API description gives matches its schema');
});
