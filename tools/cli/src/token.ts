import type { Command } from 'commander';
import { openRegistry } from '@rootline/kernel/host';
import { withDataDir, type CommandContext } from './command.js';
import { existingDataFolder } from './data-folder.js';

/** `rootline token`: prints the human token of an existing data folder (a start made it). */
export function registerToken(program: Command, context: CommandContext): void {
  withDataDir(program.command('token'))
    .description('print the human token')
    .action((options: { dataDir?: string }) => {
      const { humanToken, close } = openRegistry(existingDataFolder(options, context), 'token');
      close();
      context.out(humanToken);
    });
}
