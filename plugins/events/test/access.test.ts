import t from 'tap';
import { buildTestServer, checkRouteAccess, exampleProblems } from '@rootline/kernel/testing';
import { PLUGINS } from './fixtures/world.js';

/**
 * Who may do what (kernel/src/testing/access.ts): every route of this suite's server, both
 * mounts, declares its rule and keeps it for the human, an agent and no token. Events,
 * participants, corrections, associations and the FAN views are open to agents: CONTRACT
 * §3 makes none of them the human's alone, and every change is recorded with its actor.
 */
t.test('every route declares who may call it and keeps to it', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS });
  await checkRouteAccess(t, s, { plugin: '@rootline/plugin-events', humanOnly: [] });
  t.same(await exampleProblems(s), [], 'every example the API description gives matches its schema');
});
