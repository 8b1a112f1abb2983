import t from 'tap';
import { checkRouteAccess, exampleProblems } from '@rootline/kernel/testing';
import { projectServer } from './fixtures/helpers.js';

/** Both routes only read: open to agents (an assistant reads them at the start of a session). */
t.test('every route declares who may call it and keeps to it', async (t) => {
  const s = await projectServer(t);
  await checkRouteAccess(t, s, { plugin: '@rootline/plugin-project', humanOnly: [] });
  t.same(await exampleProblems(s), [], 'every example the API description gives matches its schema');
});
