import { randomBytes } from 'node:crypto';
import { open, rm, stat } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import type { Clock, DataFolderPlace, IdSource, RegistryTables } from '@rootline/kernel';
import { BackupProblems } from './errors.js';
import { treeFolder } from './layout.js';
import type { BackupConfig, BackupRetention, PutBackupConfig } from './schemas.js';

/** The stored settings, with the folder's path (which never leaves this module's callers). */
export interface StoredConfig {
  rootPath: string | null;
  /** Changes whenever the folder does: runs on another folder do not count for this one's schedule. */
  rootId: string | null;
  cadenceHours: number;
  enabled: boolean;
  retention: BackupRetention;
  updatedAtMs: number;
}

/** Before the human chooses anything: daily, off, the last 7 and the last 30 days kept. */
const DEFAULT_CONFIG: StoredConfig = { rootPath: null, rootId: null, cadenceHours: 24, enabled: false, retention: { keep_last: 7, keep_days: 30 }, updatedAtMs: 0 };

/** CONTRACT §10: the place in words, never the path. */
const LOCATION = {
  none: 'No backup folder has been chosen yet',
  chosen: 'The backup folder you chose',
  unreachable: 'The backup folder you chose, which cannot be reached now (is the drive connected?)',
} as const;

interface ConfigRow {
  root_path: string | null;
  root_id: string | null;
  cadence_hours: number;
  enabled: number;
  keep_last: number;
  keep_days: number;
  updated_at_ms: number;
}

/** What the check of a folder asks the kernel: where a path lies in the data folder, and which trees there are. */
export interface DataFolder {
  placeOf(path: string): DataFolderPlace;
  treeIds(): string[];
}

/**
 * The backup settings (one row of `backup_config` in the registry) and the check of a folder
 * the human chooses: a full path to an existing folder Rootline can write in, neither the data
 * folder itself nor a folder where a backup (`<root>/<tree_id>/...`) would land inside a tree's
 * own folder (the data folder's `trees` folder, a tree's folder or anything in them, or a
 * `<tree_id>` that is a link into one). Every refusal is 422 `invalid-backup-root` with a
 * `reason`, and nothing is stored.
 */
export class ConfigStore {
  constructor(private readonly tables: RegistryTables, private readonly clock: Clock, private readonly ids: IdSource, private readonly dataFolder: DataFolder) {}

  read(): StoredConfig {
    const row = this.tables.prepare('SELECT root_path, root_id, cadence_hours, enabled, keep_last, keep_days, updated_at_ms FROM backup_config WHERE id = 1').get() as ConfigRow | undefined;
    if (!row) return DEFAULT_CONFIG;
    return {
      rootPath: row.root_path,
      rootId: row.root_id,
      cadenceHours: row.cadence_hours,
      enabled: row.enabled === 1,
      retention: { keep_last: row.keep_last, keep_days: row.keep_days },
      updatedAtMs: row.updated_at_ms,
    };
  }

  /** Checks, then stores. A path left out keeps the folder chosen before; scheduled runs need one. */
  async write(body: PutBackupConfig): Promise<StoredConfig> {
    const current = this.read();
    let rootPath = current.rootPath;
    let rootId = current.rootId;
    if (body.backup_root_path !== undefined) {
      await this.checkWritableFolder(body.backup_root_path);
      if (body.backup_root_path !== current.rootPath) {
        rootPath = body.backup_root_path;
        rootId = this.ids.next();
      }
    }
    if (body.enabled && !rootPath) throw BackupProblems.notConfigured('Choose a backup folder (backup_root_path) before turning scheduled backups on');
    const next: StoredConfig = { rootPath, rootId, cadenceHours: body.cadence_hours, enabled: body.enabled, retention: { ...body.retention }, updatedAtMs: this.clock.now() };
    this.tables.prepare(`INSERT INTO backup_config (id, root_path, root_id, cadence_hours, enabled, keep_last, keep_days, updated_at_ms) VALUES (1, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (id) DO UPDATE SET root_path = excluded.root_path, root_id = excluded.root_id, cadence_hours = excluded.cadence_hours, enabled = excluded.enabled,
        keep_last = excluded.keep_last, keep_days = excluded.keep_days, updated_at_ms = excluded.updated_at_ms`)
      .run(next.rootPath, next.rootId, next.cadenceHours, next.enabled ? 1 : 0, next.retention.keep_last, next.retention.keep_days, next.updatedAtMs);
    return next;
  }

  /** The settings as the API shows them: the place in words, never the path. */
  async describe(config: StoredConfig = this.read()): Promise<BackupConfig> {
    return {
      configured: config.rootPath !== null,
      backup_location_description: await this.location(config),
      cadence_hours: config.cadenceHours,
      enabled: config.enabled,
      retention: { ...config.retention },
    };
  }

  async location(config: StoredConfig): Promise<string> {
    if (config.rootPath === null) return LOCATION.none;
    const found = await stat(config.rootPath).catch(() => undefined);
    return found?.isDirectory() ? LOCATION.chosen : LOCATION.unreachable;
  }

  private async checkWritableFolder(path: string): Promise<void> {
    const refuse = (reason: string, detail: string) => BackupProblems.invalidRoot(detail, { extras: { reason } });
    if (!isAbsolute(path)) throw refuse('not-absolute', 'The backup folder must be given as a full path');
    const found = await stat(path).catch(() => undefined);
    if (!found) throw refuse('not-found', 'There is no folder at the path given');
    if (!found.isDirectory()) throw refuse('not-a-folder', 'The path given is not a folder');
    const place = this.dataFolder.placeOf(path);
    if (place === 'data-folder') throw refuse('rootline-data-folder', 'The folder given is Rootline\'s own data folder; choose a folder outside it, better on another drive');
    const landsInTree = place === 'trees' || this.dataFolder.treeIds().some((treeId) => this.dataFolder.placeOf(treeFolder(path, treeId)) === 'trees');
    if (landsInTree) throw refuse('inside-a-tree', 'The folder given is inside Rootline\'s own data; choose a folder outside it, better on another drive');
    const probe = join(path, `.rootline-write-test-${randomBytes(6).toString('hex')}`);
    try {
      const handle = await open(probe, 'wx', 0o600);
      await handle.close();
    } catch {
      throw refuse('not-writable', 'Rootline cannot write in the folder given');
    }
    await rm(probe, { force: true });
  }
}
