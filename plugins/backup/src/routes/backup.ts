import type { FastifyInstance } from 'fastify';
import { DISK_FULL_DETAIL, isDiskFull, ProblemError, Problems, type TypeBoxTypeProvider } from '@rootline/kernel';
import {
  BackupConfigDto,
  BackupJobDto,
  BackupManifestsDto,
  BackupStatusDto,
  ManifestsQuery,
  PutBackupConfigRequest,
  RestoredTreeDto,
  RestoreRequest,
} from '../schemas.js';
import { loggable } from '../failure.js';

const TAGS = ['backup'];

/**
 * `GET|PUT /v1/backup/config`, `GET /v1/backup/status`, `POST /v1/backup/run`,
 * `GET /v1/backup/manifests`, `POST /v1/restore`. Human-only (CONTRACT §3): the settings (they
 * hold a folder of the user's machine), manifests, restore, and a run (CONTRACT §13). The
 * status is open to agents: it says whether backups are working, in words and times only.
 */
export async function backupRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();
  const service = () => app.kernel.cradle.backupService;
  const logger = app.kernel.logger;

  /**
   * A handler's unexpected error (a Node error, whose message names a path) would be logged in
   * full by the kernel: log its name and code only, and answer 500 `internal`, or the kernel's
   * 507 `disk-full` when the data folder's disk had no room (the settings are in the registry).
   */
  const guarded = <T>(work: () => Promise<T>): Promise<T> =>
    work().catch((error: unknown) => {
      if (error instanceof ProblemError) throw error;
      logger.error({ error: loggable(error) }, 'backup route failed');
      if (isDiskFull(error)) throw Problems.diskFull(DISK_FULL_DETAIL);
      throw Problems.internal('Something went wrong inside Rootline; the log has the details');
    });

  route.get('/backup/config', {
    config: { humanOnly: true },
    schema: {
      summary: 'Read the backup settings',
      description: 'The folder is described in words, never given as a path (CONTRACT §10). Before anything is chosen: no folder, daily, off, keep the last 7 and 30 days.',
      tags: TAGS,
      response: { 200: BackupConfigDto },
    },
  }, () => guarded(() => service().getConfig()));

  route.put('/backup/config', {
    config: { humanOnly: true },
    schema: {
      summary: 'Change the backup settings',
      description: '`backup_root_path` must be a full path to an existing folder Rootline can write in, neither Rootline\'s data folder itself nor one where a backup (`<root>/<tree_id>/...`) would land inside a tree\'s own folder, such as the data folder\'s `trees` folder (else 422 `invalid-backup-root` with `reason`: not-absolute, not-found, not-a-folder, not-writable, rootline-data-folder, inside-a-tree); left out, the folder chosen earlier stays. Turning scheduled backups on with no folder chosen: 422 `backup-not-configured`. A refusal stores nothing. The answer never echoes the path.',
      tags: TAGS,
      body: PutBackupConfigRequest,
      response: { 200: BackupConfigDto },
      'x-problems': [422],
    },
  }, (request) => guarded(() => service().putConfig(request.body)));

  route.get('/backup/status', {
    config: { humanOnly: false },
    schema: {
      summary: 'Whether backups are working',
      description: 'The last success and the last failure (with its class: disk-full, backup-root-unavailable, tree-object-missing, tree-object-corrupt, interrupted, internal) of any tree, and when the next scheduled backup is due (the earliest of every tree; only while scheduled backups are on).',
      tags: TAGS,
      response: { 200: BackupStatusDto },
    },
  }, () => guarded(() => service().status()));

  route.post('/backup/run', {
    config: { humanOnly: true },
    schema: {
      summary: 'Back up the active tree now',
      description: 'Starts a job (`backup.run`, progress in bytes) in the active tree\'s job list (`GET /v1/jobs/{job_id}`); if a backup of that tree is already queued or running, answers that job. The job\'s `result`: `{ backup_id, tree_id, database: captured|reused, object_count, total_bytes, objects_copied, objects_linked, bytes_copied, pruned }`; a failure\'s `error.code` is its class (disk-full, ...). No folder chosen yet: 422 `backup-not-configured`.',
      tags: TAGS,
      response: { 202: BackupJobDto },
      'x-problems': [422],
    },
  }, async (request, reply) => reply.code(202).send(await guarded(async () => service().runNow(request.actor))));

  route.get('/backup/manifests', {
    config: { humanOnly: true },
    schema: {
      summary: 'List the backups in a folder',
      description: 'Walks `<backup_root>/<tree_id>/<backup_id>/manifest.json` and reads each manifest itself; works for any folder, configured here or not. A manifest of an unknown format version, not JSON, or not a manifest is listed with `unreadable` (never guessed at); a folder without a manifest is not a backup. A folder that is not a full path, is absent, is not a folder or cannot be read: 422 `unreadable-backup-root` (never an empty list). No path is ever returned.',
      tags: TAGS,
      querystring: ManifestsQuery,
      response: { 200: BackupManifestsDto },
      'x-problems': [422],
    },
  }, (request) => guarded(async () => ({ manifests: await service().manifests(request.query.backup_root) })));

  route.post('/restore', {
    config: { humanOnly: true },
    schema: {
      summary: 'Restore a backup into a new tree',
      description: 'Every object is re-hashed against the manifest before any byte is written; then a new tree is made (new id, named "<name> (restored <date of the backup>)") and the active tree is not changed (switch with `PUT /v1/trees/active`). Unknown backup: 404 `not-found`. A damaged or tampered object, a size the manifest lies about, an unknown format version: 422 `backup-corrupt` with `reason`, and no tree. A database this version cannot open: 422 `backup-incompatible`. No room in the data folder: 507 `disk-full`.',
      tags: TAGS,
      body: RestoreRequest,
      response: { 200: RestoredTreeDto },
      'x-problems': [404, 422, 507],
    },
  }, (request) => guarded(() => service().restore(request.body)));
}
