import { Type } from '@sinclair/typebox';
import { definePlugin, singleton, type RootlinePlugin } from '@rootline/kernel';
import { nodeFiles, type BackupFiles } from './files.js';
import { killPointsFrom } from './kill-points.js';
import { BackupService } from './service.js';
import { BackupScheduler } from './scheduler.js';
import { backupRoutes } from './routes/backup.js';

const PLUGIN_NAME = '@rootline/plugin-backup';

/**
 * The backup plugin, made with the file-system calls it writes through (`files`): node:fs in
 * the product; a test passes calls that fail like a full disk.
 */
export function createBackupPlugin(dependencies: { files?: BackupFiles } = {}): RootlinePlugin {
  const files = dependencies.files ?? nodeFiles;
  return definePlugin({
    name: PLUGIN_NAME,
    scope: 'global',
    dependencies: ['@rootline/plugin-jobs'],
    options: Type.Object({
      check_interval_ms: Type.Integer({ minimum: 10, default: 60_000, description: 'How often the schedule is checked for trees whose backup is due' }),
    }),
    environment: { check_interval_ms: 'ROOTLINE_BACKUP_CHECK_INTERVAL_MS' },
    register(app, options) {
      const kernel = app.kernel;
      const tables = kernel.registryTables();
      const kill = killPointsFrom(kernel.settings.env);
      kernel.services({
        backupService: singleton(({ clock, ids, logger }) => new BackupService({ kernel, tables, files, kill, clock, ids, logger })),
        backupScheduler: singleton(({ backupService, logger }) => new BackupScheduler(backupService, options.check_interval_ms, logger), (scheduler) => scheduler.stop()),
      });
      // After every migration ran (the registry's tables exist): repair, then start the schedule.
      app.addHook('onReady', async () => {
        kernel.cradle.backupService.repair();
        kernel.cradle.backupScheduler.start();
      });
      // Before the jobs plugin stops taking jobs.
      app.addHook('preClose', async () => kernel.cradle.backupScheduler.stop());
      kernel.globalRoutes(backupRoutes);
    },
  });
}
