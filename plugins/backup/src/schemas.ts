import { Type, type Static } from '@sinclair/typebox';

/** Example ids, shared by the examples below so they agree with each other. */
const TREE_ID = '01938f0e-6b1d-7aa0-8e55-0c2f4d9e1a77';
const BACKUP_ID = '01938f10-2c4e-7b3a-9d11-5a6b7c8d9e0f';
const NEW_TREE_ID = '01938f12-0a1b-7c2d-8e3f-405162738495';

export const BackupRetentionDto = Type.Object(
  {
    keep_last: Type.Integer({ minimum: 1, maximum: 100_000, description: 'The newest this many backups of each tree are always kept (the newest one is never deleted)' }),
    keep_days: Type.Integer({ minimum: 0, maximum: 36_500, description: 'Backups younger than this many days are kept too; 0 keeps none by age' }),
  },
  { $id: 'BackupRetentionDto', description: 'What a successful run keeps of the earlier backups of its tree; the rest is deleted', examples: [{ keep_last: 7, keep_days: 30 }] },
);
export type BackupRetention = Static<typeof BackupRetentionDto>;

export const PutBackupConfigRequest = Type.Object(
  {
    backup_root_path: Type.Optional(Type.String({
      minLength: 1,
      maxLength: 4096,
      description: 'A full path to an existing folder Rootline may write in. Left out: the folder chosen earlier stays. Never echoed back.',
    })),
    cadence_hours: Type.Integer({ minimum: 1, maximum: 8760, description: 'Hours between scheduled backups of a tree, counted from its last successful backup' }),
    enabled: Type.Boolean({ description: 'Scheduled backups on or off; a backup can be run by hand either way' }),
    retention: BackupRetentionDto,
  },
  { $id: 'PutBackupConfigRequest', examples: [{ backup_root_path: '/media/usb-drive/rootline-backups', cadence_hours: 24, enabled: true, retention: { keep_last: 7, keep_days: 30 } }] },
);
export type PutBackupConfig = Static<typeof PutBackupConfigRequest>;

const LocationDescription = Type.String({ description: 'Where backups go, in words (CONTRACT §10); never a path' });

export const BackupConfigDto = Type.Object(
  {
    configured: Type.Boolean({ description: 'A backup folder has been chosen' }),
    backup_location_description: LocationDescription,
    cadence_hours: Type.Integer(),
    enabled: Type.Boolean(),
    retention: BackupRetentionDto,
  },
  { $id: 'BackupConfigDto', examples: [{ configured: true, backup_location_description: 'The backup folder you chose', cadence_hours: 24, enabled: true, retention: { keep_last: 7, keep_days: 30 } }] },
);
export type BackupConfig = Static<typeof BackupConfigDto>;

export const BackupStatusDto = Type.Object(
  {
    backup_location_description: LocationDescription,
    configured: Type.Boolean(),
    enabled: Type.Boolean(),
    last_failure_at_ms: Type.Optional(Type.Integer({ description: 'When the most recent failed backup (of any tree) ended' })),
    last_failure_class: Type.Optional(Type.String({ description: 'Why it failed: disk-full, backup-root-unavailable, tree-object-missing, tree-object-corrupt, interrupted, internal' })),
    last_success_at_ms: Type.Optional(Type.Integer({ description: 'When the most recent successful backup (of any tree) ended' })),
    next_run_at_ms: Type.Optional(Type.Integer({ description: 'When the next scheduled backup is due (the earliest of every tree); absent while scheduled backups are off. A time in the past: at the next check.' })),
  },
  { $id: 'BackupStatusDto', examples: [{ backup_location_description: 'The backup folder you chose', configured: true, enabled: true, last_success_at_ms: 1763769600000, last_failure_at_ms: 1763683200000, last_failure_class: 'disk-full', next_run_at_ms: 1763856000000 }] },
);
export type BackupStatus = Static<typeof BackupStatusDto>;

export const UNREADABLE_REASONS = ['unknown-format-version', 'invalid-json', 'invalid-manifest', 'unreadable-file'] as const;
export type UnreadableReason = (typeof UNREADABLE_REASONS)[number];

export const BackupManifestDto = Type.Object(
  {
    backup_id: Type.String(),
    tree_id: Type.String(),
    app_version: Type.Optional(Type.String({ description: 'The Rootline version that made the backup' })),
    created_at_ms: Type.Optional(Type.Integer({ description: 'When the tree\'s database was captured' })),
    event_count: Type.Optional(Type.Integer({ description: 'Records in the tree\'s log' })),
    object_count: Type.Optional(Type.Integer({ description: 'Files in the backup: the database and every blob' })),
    total_bytes: Type.Optional(Type.Integer()),
    tree_name: Type.Optional(Type.String()),
    unreadable: Type.Optional(Type.Union(UNREADABLE_REASONS.map((reason) => Type.Literal(reason)), {
      description: 'Present when the manifest is refused: a format version this Rootline does not understand, not JSON, not a manifest, or a file that cannot be read. Only backup_id and tree_id (the folder names) are given then.',
    })),
  },
  { $id: 'BackupManifestDto' },
);
export type BackupManifestDto = Static<typeof BackupManifestDto>;

export const BackupManifestsDto = Type.Object(
  { manifests: Type.Array(BackupManifestDto, { description: 'Newest first (by backup id, which is time-ordered). Never a path.' }) },
  {
    $id: 'BackupManifestsDto',
    examples: [{
      manifests: [
        { backup_id: BACKUP_ID, tree_id: TREE_ID, app_version: '0.1.0', created_at_ms: 1763769600000, event_count: 18234, object_count: 412, total_bytes: 734003200, tree_name: 'My tree' },
        { backup_id: '01938f0f-1111-7222-8333-444455556666', tree_id: TREE_ID, unreadable: 'unknown-format-version' },
      ],
    }],
  },
);

export const ManifestsQuery = Type.Object({
  backup_root: Type.String({ minLength: 1, maxLength: 4096, description: 'The full path of a folder holding backups; it need not be the one configured here' }),
});

export const RestoreRequest = Type.Object(
  {
    backup_id: Type.String({ minLength: 1, maxLength: 200 }),
    backup_root: Type.String({ minLength: 1, maxLength: 4096, description: 'The full path of the folder holding the backup' }),
    tree_id: Type.String({ minLength: 1, maxLength: 200, description: 'The id of the tree the backup was made of' }),
  },
  { $id: 'RestoreRequest', examples: [{ backup_id: BACKUP_ID, backup_root: '/media/usb-drive/rootline-backups', tree_id: TREE_ID }] },
);
export type RestoreBody = Static<typeof RestoreRequest>;

export const RestoredTreeDto = Type.Object(
  {
    backup_id: Type.String(),
    bytes_verified: Type.Integer(),
    event_count: Type.Integer({ description: 'Records in the restored tree\'s log' }),
    objects_verified: Type.Integer({ description: 'Files re-hashed against the manifest: the database and every blob' }),
    source_tree_id: Type.String({ description: 'The tree the backup was made of (unchanged)' }),
    tree_id: Type.String({ description: 'The new tree' }),
    tree_name: Type.String({ description: '"<name> (restored <date of the backup>)"' }),
  },
  { $id: 'RestoredTreeDto', examples: [{ backup_id: BACKUP_ID, bytes_verified: 734003200, event_count: 18234, objects_verified: 412, source_tree_id: TREE_ID, tree_id: NEW_TREE_ID, tree_name: 'My tree (restored 2025-11-22)' }] },
);
export type RestoredTree = Static<typeof RestoredTreeDto>;

/** The job a run starts, as the jobs plugin shows it (`GET {P}/jobs/{id}` on the tree backed up). */
export const BackupJobDto = Type.Object(
  {
    job_id: Type.String(),
    tree_id: Type.String({ description: 'The tree being backed up; the job is in its job list' }),
    kind: Type.String({ description: '`backup.run`' }),
    state: Type.String(),
    progress: Type.Object({ done: Type.Integer(), total: Type.Union([Type.Integer(), Type.Null()]), unit: Type.String() }),
    created_at_ms: Type.Integer(),
    started_at_ms: Type.Optional(Type.Integer()),
    finished_at_ms: Type.Optional(Type.Integer()),
    result: Type.Optional(Type.Unknown()),
    error: Type.Optional(Type.Unknown()),
  },
  { $id: 'BackupJobDto', examples: [{ job_id: '01938f11-5e6f-7a8b-9c0d-1e2f3a4b5c6d', tree_id: TREE_ID, kind: 'backup.run', state: 'queued', progress: { done: 0, total: null, unit: 'bytes' }, created_at_ms: 1763769600000 }] },
);
