import t from 'tap';
import { checkRouteAccess, exampleProblems } from '@rootline/kernel/testing';
import { viewsServer } from './fixtures/helpers.js';

/**
 * Who may do what (kernel/src/testing/access.ts): every route of this suite's server, both
 * mounts, declares its rule and keeps it. The card, labels and redactions are open to agents
 * (CONTRACT §3 lists none of them as human-only; a redaction only hides more from agents).
 */
t.test('every route declares who may call it and keeps to it', async (t) => {
  const s = await viewsServer(t);
  await checkRouteAccess(t, s, { plugin: '@rootline/plugin-views', humanOnly: [] });
  t.same(await exampleProblems(s), [], 'every example the API description gives matches its schema');
});
