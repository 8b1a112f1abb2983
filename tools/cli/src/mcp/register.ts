import { Option, type Command } from 'commander';
import { manifestOf, withDataDir, type CommandContext } from '../command.js';
import { existingDataFolder } from '../data-folder.js';
import { HARNESSES } from './harnesses.js';
import { runMcp } from './run.js';

/** `rootline mcp [--harness ID]`: the agent's actions as an MCP server on stdin/stdout (CONTRACT §12). */
export function registerMcp(program: Command, context: CommandContext): void {
  withDataDir(program.command('mcp'))
    .description('serve the agent\'s actions over MCP on stdin/stdout, as the connected assistant ID (see docs/integrations.md)')
    .addOption(new Option('--harness <id>', 'the connected assistant whose credential to use; without it, the agent token in $ROOTLINE_AGENT_TOKEN').choices(HARNESSES))
    .option('--manifest <file>', 'the plugin manifest of a server started for this command (default: the one this build was made from)')
    .action(async (options: { dataDir?: string; harness?: string; manifest?: string }) => {
      context.exitCode = await runMcp({
        dataDir: existingDataFolder(options, context),
        harness: options.harness,
        env: context.env,
        manifest: manifestOf(options.manifest, context),
        builtIn: context.builtIn,
        appVersion: context.appVersion,
        err: context.err,
      });
    });
}
