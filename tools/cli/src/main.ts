import { Command, CommanderError, Help, type Option } from 'commander';
import { UsageError, type CliContext, type CommandContext } from './command.js';
import { registerServe } from './serve.js';
import { registerToken } from './token.js';
import { registerAgent } from './agent.js';
import { registerImport } from './import.js';
import { registerExport } from './export.js';
import { registerMcp } from './mcp/register.js';
import { registerTrees } from './trees.js';
import { registerLossReport } from './loss-report.js';
import { quietOnClosedPipe } from './closed-pipe.js';

export type { CliContext } from './command.js';

/** Each command's file adds it here, one line each. */
const COMMANDS: ((program: Command, context: CommandContext) => void)[] = [
  registerServe,
  registerToken,
  registerAgent,
  registerImport,
  registerExport,
  registerTrees,
  registerLossReport,
  registerMcp,
];

/** commander's message ("error: unknown option '--colour'\n(Did you mean --color?)") as one line. */
function oneLine(message: string): string {
  return message.replace(/^error: /, '').replace(/\s*\n\s*/g, ' ').trim().replace(/\.$/, '');
}

/**
 * The `rootline` command (commander). Returns the exit code: 0, 1 when the command failed
 * (its one-line reason printed), 2 when it was called wrongly (an unknown command or option,
 * a missing argument): one line naming the mistake and where to look, never a stack trace.
 */
export async function main(argv: string[], context: CliContext = {}): Promise<number> {
  if (!context.out) quietOnClosedPipe(process.stdout);
  const out = context.out ?? ((line: string) => process.stdout.write(`${line}\n`));
  const err = context.err ?? ((line: string) => process.stderr.write(`${line}\n`));
  const ctx: CommandContext = {
    builtIn: context.builtIn,
    manifest: context.manifest,
    appVersion: context.appVersion ?? '0.1.0',
    out,
    err,
    env: context.env ?? process.env,
    progress: context.progress,
    exitCode: 0,
  };
  const program = new Command('rootline')
    .description('Rootline, a local genealogy research server')
    .version(ctx.appVersion, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help for a command')
    .helpCommand('help [command]', 'show help for a command')
    .enablePositionalOptions()
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureHelp({
      helpWidth: 1000, // one line per command and option, never wrapped
      // An option the command cannot do without says so in its help (`agent create --label`).
      optionDescription(option: Option) {
        const text = Help.prototype.optionDescription.call(this, option);
        return option.mandatory ? `(required) ${text}` : text;
      },
    })
    .configureOutput({
      writeOut: (text) => out(text.trimEnd()),
      writeErr: (text) => err(text.trimEnd()),
      outputError: () => undefined, // written below, as one line with a hint
    });
  for (const register of COMMANDS) register(program, ctx);
  // Every command, however deep, reports mistakes the same way, with a hint naming its own help.
  const commands: [Command, string][] = [[program, 'rootline help']];
  for (let i = 0; i < commands.length; i++) {
    const [command] = commands[i];
    const path = i === 0 ? 'rootline' : `${commands[i][1].replace(/ --help$/, '')}`;
    for (const sub of command.commands) if (sub.name() !== 'help') commands.push([sub, `${path} ${sub.name()} --help`]);
    const hint = commands[i][1];
    command.configureOutput(program.configureOutput()).exitOverride((error) => {
      throw Object.assign(error, { hint });
    });
  }
  if (argv.length === 0) {
    program.outputHelp();
    return 2;
  }

  try {
    await program.parseAsync(argv, { from: 'user' });
    return ctx.exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help') return error.exitCode === 0 ? 0 : 2;
      err(`rootline: ${oneLine(error.message)}; see ${(error as CommanderError & { hint?: string }).hint ?? 'rootline help'}`);
      return 2;
    }
    if (error instanceof UsageError) {
      err(`rootline: ${error.message}`);
      return 2;
    }
    // An error nobody expected: one line for the user; its stack (mapped to the .ts sources) with ROOTLINE_DEBUG=1, for a bug report.
    err(`rootline: ${(error as Error).message}`);
    if (ctx.env.ROOTLINE_DEBUG === '1' && (error as Error).stack) err((error as Error).stack!);
    return 1;
  }
}
