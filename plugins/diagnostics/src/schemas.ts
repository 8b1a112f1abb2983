import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '@rootline/kernel';

export const LOG_LOCATION_DESCRIPTION = 'The file rootline.log in the "logs" folder of Rootline\'s data folder';

const TreeDiagnosticsDto = Type.Object({
  tree_id: Type.String(),
  name: Type.String({ description: 'The tree\'s name, as `GET /v1/trees` gives it (the bundle redacts person names in it).' }),
  active: Type.Boolean(),
  database_bytes: Type.Integer({ description: 'Size of the tree\'s SQLite database (pages in use and free, without the write-ahead log).' }),
  record_count: Type.Integer({ description: 'Records in the tree\'s history (every change).' }),
  records_by_kind: Type.Record(Type.String(), Type.Integer(), { description: 'The history counted by record kind (`persona.created.v1`: 1204, ...): how many of each kind of change the tree holds.' }),
  blob_count: Type.Integer({ description: 'Stored files (scans, photographs, exports).' }),
  blob_bytes: Type.Integer(),
});

export const DiagnosticsDto = Type.Object({
  app_version: Type.String(),
  node_version: Type.String({ examples: ['v20.19.5'] }),
  platform: Type.String({ description: '`<os>-<arch>`', examples: ['linux-x64'] }),
  os_release: Type.String({ description: 'The operating system\'s release (kernel version).' }),
  started_at_ms: Type.Integer(),
  uptime_ms: Type.Integer({ description: 'Time since this server started.' }),
  plugins: Type.Array(Type.Object({ name: Type.String(), version: Type.String(), scope: Type.Union([Type.Literal('tree'), Type.Literal('global')]) }), { description: 'The plugins of this build, in manifest order.' }),
  registry_bytes: Type.Integer({ description: 'Size of the registry database (trees, credentials, settings).' }),
  trees: Type.Array(TreeDiagnosticsDto, { description: 'Every tree, oldest first.' }),
  recent_errors: Type.Object({
    window_hours: Type.Integer({ description: 'How far back the counts go (24 hours), within the last 1 MiB of the log.' }),
    errors: Type.Integer({ description: 'Lines logged at error level or above.' }),
    warnings: Type.Integer(),
    last_error_at_ms: Nullable(Type.Integer()),
  }),
  log_location_description: Type.String({ description: 'Where the log is, in words, never as a path (CONTRACT §10).', examples: [LOG_LOCATION_DESCRIPTION] }),
}, {
  $id: 'DiagnosticsDto',
  additionalProperties: false,
  examples: [{
    app_version: '0.1.0',
    node_version: 'v20.19.5',
    platform: 'linux-x64',
    os_release: '6.8.0-45-generic',
    started_at_ms: 1764000000000,
    uptime_ms: 3600000,
    plugins: [{ name: '@rootline/plugin-notes', version: '0.1.0', scope: 'tree' }],
    registry_bytes: 98304,
    trees: [{ tree_id: '0193a1b2-7c3d-7e4f-8a9b-0c1d2e3f4a5b', name: 'My tree', active: true, database_bytes: 4915200, record_count: 5120, records_by_kind: { 'persona.created.v1': 1204 }, blob_count: 12, blob_bytes: 20971520 }],
    recent_errors: { window_hours: 24, errors: 0, warnings: 2, last_error_at_ms: null },
    log_location_description: LOG_LOCATION_DESCRIPTION,
  }],
});
export type DiagnosticsDto = Static<typeof DiagnosticsDto>;
