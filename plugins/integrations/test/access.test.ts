import t from 'tap';
import { checkRouteAccess, exampleProblems } from '@rootline/kernel/testing';
import { harnessServer, snapshot } from './fixtures/helpers.js';

/** Who may do what (kernel/src/testing/access.ts): connect and preview are the human's (CONTRACT §3). */
t.test('every route declares who may call it and keeps to it', async (t) => {
  const s = await harnessServer(t);
  const rows = await checkRouteAccess(t, s, { plugin: '@rootline/plugin-integrations', humanOnly: ['POST /v1/integrations/:harness/connect', 'POST /v1/integrations/:harness/connect/preview'] });
  t.same(await exampleProblems(s), [], 'every example the API description gives matches its schema');
  t.same(rows.filter((row) => row.plugin === '@rootline/plugin-integrations').map((row) => `${row.method} ${row.url} ${row.rule}`).sort(), [
    'GET /v1/integrations/harnesses agents-too',
    'POST /v1/integrations/:harness/connect human-only',
    'POST /v1/integrations/:harness/connect/preview human-only',
  ]);
  t.same(snapshot(s.home), {}, 'the walk wrote nothing into the harness home');
});
