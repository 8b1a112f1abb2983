/**
 * Types of what this plugin registers in the container for its own use (not part of its
 * contract in `@rootline/contracts`): other plugins never resolve these.
 */
import type { BackupScheduler } from './scheduler.js';
import type { BackupService } from './service.js';

declare module '@fastify/awilix' {
  interface Cradle {
    /** Backup settings, runs, manifests and restore for the whole install. */
    backupService: BackupService;
    /** Starts scheduled backups when they are due. */
    backupScheduler: BackupScheduler;
  }
}
