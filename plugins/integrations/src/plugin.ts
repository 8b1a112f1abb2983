import { homedir } from 'node:os';
import { definePlugin, singleton, type RootlinePlugin } from '@rootline/kernel';
import { nodeFiles, type HarnessFiles } from './files.js';
import type { Platform } from './harnesses.js';
import { IntegrationsService } from './service.js';
import { integrationsRoutes } from './routes/integrations.js';

/**
 * The integrations plugin, made with the file-system calls it writes through (`files`):
 * node:fs in the product; a test passes calls that fail as a full disk would.
 */
export function createIntegrationsPlugin(dependencies: { files?: HarnessFiles } = {}): RootlinePlugin {
  const files = dependencies.files ?? nodeFiles;
  return definePlugin({
    name: '@rootline/plugin-integrations',
    scope: 'global',
    register(app) {
      const kernel = app.kernel;
      const tables = kernel.registryTables();
      const credentials = kernel.agentCredentials();
      const platform = (['darwin', 'win32'].includes(process.platform) ? process.platform : 'linux') as Platform;
      kernel.services({
        integrationsService: singleton(({ clock, logger }) => new IntegrationsService({
          tables,
          credentials,
          commandLine: (args) => kernel.commandLine(args),
          files,
          env: kernel.settings.env,
          platform,
          home: homedir(),
          clock,
          logger,
        })),
      });
      kernel.globalRoutes(integrationsRoutes);
    },
  });
}
