import t from 'tap';
import { checkRouteAccess, exampleProblems } from '@rootline/kernel/testing';
import { boot } from './fixtures/helpers.js';

/**
 * Who may do what (kernel/src/testing/access.ts): every route of this suite's server, both
 * mounts, declares its rule and keeps it for the human, an agent and no token. Relationships
 * and the pedigree are open to agents: an edge is a reviewable conclusion, recorded with
 * the agent as its actor; CONTRACT §3 makes none of them the human's alone.
 */
t.test('every route declares who may call it and keeps to it', async (t) => {
  const { s } = await boot(t);
  await checkRouteAccess(t, s, { plugin: '@rootline/plugin-family', humanOnly: [] });
  t.same(await exampleProblems(s), [], 'every example the API description gives matches its schema');
});
