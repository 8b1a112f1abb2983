import type { Command } from 'commander';
import { openRegistry } from '@rootline/kernel/host';
import { dataDirOf, withDataDir, type CommandContext } from './command.js';

/** `rootline token`: prints the human token (made on first use). */
export function registerToken(program: Command, context: CommandContext): void {
  withDataDir(program.command('token'))
    .description('print the human token')
    .action((options: { dataDir?: string }) => {
      const { humanToken, close } = openRegistry(dataDirOf(options, context), 'token');
      close();
      context.out(humanToken);
    });
}
