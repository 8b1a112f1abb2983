import t from 'tap';
import { backupServer, tempDir } from './fixtures/helpers.js';

const content = (operation: any, status?: string) => (status ? operation?.responses?.[status] : operation?.requestBody)?.content?.['application/json'];

t.test('the API description lists every backup route with its answer and its problems, under /v1 only', async (t) => {
  const s = await backupServer(t);
  const doc = (await s.request('GET', '/v1/openapi.json')).json();
  const routes = Object.entries(doc.paths).flatMap(([path, operations]) => Object.keys(operations as object).map((method) => `${method.toUpperCase()} ${path}`)).filter((route) => /backup|restore/.test(route)).sort();
  t.same(routes, ['GET /v1/backup/config', 'GET /v1/backup/manifests', 'GET /v1/backup/status', 'POST /v1/backup/run', 'POST /v1/restore', 'PUT /v1/backup/config'], 'no pinned mount for a global plugin');
  const paths = doc.paths;
  const required = (entry: any) => [...entry.schema.required].sort();
  t.same(required(content(paths['/v1/backup/config'].get, '200')), ['backup_location_description', 'cadence_hours', 'configured', 'enabled', 'retention']);
  t.same(required(content(paths['/v1/backup/config'].put)), ['cadence_hours', 'enabled', 'retention'], 'the spec\'s required fields of PutBackupConfigRequest');
  t.notOk('backup_root_path' in content(paths['/v1/backup/config'].get, '200').schema.properties, 'the config never has the path');
  t.same(required(content(paths['/v1/backup/status'].get, '200')), ['backup_location_description', 'configured', 'enabled'], 'BackupStatusDto');
  t.same(Object.keys(content(paths['/v1/backup/status'].get, '200').schema.properties).sort(), ['backup_location_description', 'configured', 'enabled', 'last_failure_at_ms', 'last_failure_class', 'last_success_at_ms', 'next_run_at_ms']);
  t.same(content(paths['/v1/backup/manifests'].get, '200').schema.properties.manifests.items, { $ref: '#/components/schemas/BackupManifestDto' });
  t.same([...doc.components.schemas.BackupManifestDto.required].sort(), ['backup_id', 'tree_id']);
  t.same(Object.keys(doc.components.schemas.BackupManifestDto.properties).sort(), ['app_version', 'backup_id', 'created_at_ms', 'event_count', 'object_count', 'total_bytes', 'tree_id', 'tree_name', 'unreadable']);
  t.same(doc.components.schemas.BackupManifestDto.properties.unreadable.anyOf.map((entry: { const?: string; enum?: string[] }) => entry.const ?? entry.enum?.[0]), ['unknown-format-version', 'invalid-json', 'invalid-manifest', 'unreadable-file']);
  t.same(required(content(paths['/v1/backup/run'].post, '202')), ['created_at_ms', 'job_id', 'kind', 'progress', 'state', 'tree_id']);
  t.same(required(content(paths['/v1/restore'].post)), ['backup_id', 'backup_root', 'tree_id'], 'RestoreRequest');
  t.same(required(content(paths['/v1/restore'].post, '200')), ['backup_id', 'bytes_verified', 'event_count', 'objects_verified', 'source_tree_id', 'tree_id', 'tree_name'], 'RestoredTreeDto');
  t.same([...doc.components.schemas.BackupRetentionDto.required].sort(), ['keep_days', 'keep_last']);
  const statuses = (operation: any) => Object.keys(operation.responses).sort();
  t.same(statuses(paths['/v1/backup/config'].get), ['200', '400', '401', '403', '421', '500']);
  t.same(statuses(paths['/v1/backup/config'].put), ['200', '400', '401', '403', '413', '415', '421', '422', '500', '507']);
  t.same(statuses(paths['/v1/backup/status'].get), ['200', '400', '401', '403', '421', '500'], 'the status: 403 only for a cross-site request');
  t.equal(paths['/v1/backup/status'].get['x-access'], 'agent', 'the status: open to agents');
  t.same(statuses(paths['/v1/backup/manifests'].get), ['200', '400', '401', '403', '421', '422', '500']);
  t.same(statuses(paths['/v1/backup/run'].post), ['202', '400', '401', '403', '421', '422', '500', '507']);
  t.same(statuses(paths['/v1/restore'].post), ['200', '400', '401', '403', '404', '413', '415', '421', '422', '500', '507']);
  for (const [path, method] of [['/v1/backup/config', 'get'], ['/v1/backup/config', 'put'], ['/v1/backup/status', 'get'], ['/v1/backup/run', 'post'], ['/v1/backup/manifests', 'get'], ['/v1/restore', 'post']]) {
    t.equal(paths[path][method]['x-service-tier'], 'preview', `${method} ${path} is preview`);
    t.same(paths[path][method].tags, ['backup']);
  }
  t.match(paths['/v1/backup/manifests'].get.parameters, [{ name: 'backup_root', in: 'query', required: true }]);
});

t.test('the documented examples are real: the settings example is accepted (with a real folder) and answers the config example', async (t) => {
  const s = await backupServer(t);
  const doc = (await s.request('GET', '/v1/openapi.json')).json();
  const paths = doc.paths;
  const example = content(paths['/v1/backup/config'].put).example;
  const root = tempDir(t);
  const reply = await s.request('PUT', '/v1/backup/config', { body: { ...example, backup_root_path: root } });
  t.equal(reply.statusCode, 200, reply.body);
  t.same(reply.json(), content(paths['/v1/backup/config'].get, '200').example, 'the answer is the config example');
  const restore = content(paths['/v1/restore'].post).example;
  t.same(Object.keys(restore).sort(), ['backup_id', 'backup_root', 'tree_id']);
  const restored = content(paths['/v1/restore'].post, '200').example;
  t.equal(restored.backup_id, restore.backup_id, 'the examples agree');
  t.equal(restored.source_tree_id, restore.tree_id);
  t.equal(restored.tree_name, 'My tree (restored 2025-11-22)');
  const listed = content(paths['/v1/backup/manifests'].get, '200').example.manifests;
  t.same(listed[0], { backup_id: restore.backup_id, tree_id: restore.tree_id, app_version: '0.1.0', created_at_ms: 1763769600000, event_count: 18234, object_count: 412, total_bytes: 734003200, tree_name: 'My tree' });
  t.same(listed[1], { backup_id: '01938f0f-1111-7222-8333-444455556666', tree_id: restore.tree_id, unreadable: 'unknown-format-version' });
  t.same(Object.keys(content(paths['/v1/backup/status'].get, '200').example).sort(), ['backup_location_description', 'configured', 'enabled', 'last_failure_at_ms', 'last_failure_class', 'last_success_at_ms', 'next_run_at_ms']);
  t.match(content(paths['/v1/backup/run'].post, '202').example, { kind: 'backup.run', state: 'queued', tree_id: restore.tree_id, progress: { unit: 'bytes' } });
});
