import t from 'tap';
import { checkRouteAccess, exampleProblems } from '@rootline/kernel/testing';
import { backupServer } from './fixtures/helpers.js';

/**
 * Who may do what (kernel/src/testing/access.ts). CONTRACT §3 makes backup config read and
 * write, manifests and restore the human's; §13 makes a run the human's. The status is not
 * in the list: it says whether backups work, in words and times, and is open to agents.
 */
const HUMAN_ONLY = ['GET /v1/backup/config', 'PUT /v1/backup/config', 'POST /v1/backup/run', 'GET /v1/backup/manifests', 'POST /v1/restore'];

t.test('every route declares who may call it and keeps to it', async (t) => {
  const s = await backupServer(t);
  const rows = await checkRouteAccess(t, s, { plugin: '@rootline/plugin-backup', humanOnly: HUMAN_ONLY });
  t.same(await exampleProblems(s), [], 'every example the API description gives matches its schema');
  t.same(rows.filter((row) => row.plugin === '@rootline/plugin-backup').map((row) => `${row.method} ${row.url} ${row.rule}`).sort(), [
    'GET /v1/backup/config human-only',
    'GET /v1/backup/manifests human-only',
    'GET /v1/backup/status agents-too',
    'POST /v1/backup/run human-only',
    'POST /v1/restore human-only',
    'PUT /v1/backup/config human-only',
  ], 'global routes: /v1 only, no pinned mount');
});

t.test('an agent reads the status; it is refused the rest with 403 and nothing happens', async (t) => {
  const s = await backupServer(t);
  const status = await s.request('GET', '/v1/backup/status', { token: s.agentToken });
  t.equal(status.statusCode, 200);
  t.same(status.json(), { backup_location_description: 'No backup folder has been chosen yet', configured: false, enabled: false });
  const config = await s.request('PUT', '/v1/backup/config', { token: s.agentToken, body: { backup_root_path: '/tmp', cadence_hours: 1, enabled: true, retention: { keep_last: 1, keep_days: 0 } } });
  t.equal(config.statusCode, 403);
  t.equal(config.json().code, 'human-token-required');
  t.same(s.server.kernel.registry.db.prepare('SELECT * FROM backup_config').all(), []);
  t.equal((await s.request('POST', '/v1/backup/run', { token: s.agentToken })).statusCode, 403);
  t.equal((await s.request('GET', '/v1/jobs')).json().total, 0);
});
