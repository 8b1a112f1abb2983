/**
 * The backup plugin's contract: the services it registers, for the container's types.
 * Type-only (`import type` from `@rootline/plugin-backup/contract`).
 */
import type { BackupService } from './service.js';
import type { BackupScheduler } from './scheduler.js';

declare module '@fastify/awilix' {
  interface Cradle {
    /** Backup settings, runs, manifests and restore for the whole install. */
    backupService: BackupService;
    /** Starts scheduled backups when they are due. */
    backupScheduler: BackupScheduler;
  }
}

export type { BackupService, BackupScheduler };
export type { BackupConfig, BackupStatus, BackupManifestDto, RestoredTree } from './schemas.js';
