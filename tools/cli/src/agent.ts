import type { Command } from 'commander';
import { openRegistry, createAgentCredential, type Registry } from '@rootline/kernel/host';
import { UsageError, withDataDir, type CommandContext } from './command.js';
import { existingDataFolder } from './data-folder.js';

/** `rootline agent create|list|revoke`; `rootline agent` alone prints its help. */
export function registerAgent(program: Command, context: CommandContext): void {
  const agent = program.command('agent')
    .description('create, list and revoke assistants\' credentials')
    .usage('<command> [options]')
    .argument('[command]')
    .action((name: string | undefined) => {
      // Reached only when no subcommand matched.
      if (name) throw new UsageError(`unknown agent command '${name}'; see rootline agent --help`);
      agent.outputHelp();
      context.exitCode = 2;
    });
  const run = (sub: string, id: string | undefined, options: { dataDir?: string; label?: string }) => {
    context.exitCode = agentCommand({ dataDir: existingDataFolder(options, context), sub, id, label: options.label, out: context.out, err: context.err });
  };
  withDataDir(agent.command('create'))
    .description('make a credential for an assistant; prints its token once')
    .usage('--label <label> [options]')
    .requiredOption('--label <label>', 'what the credential is for, e.g. "Research assistant"')
    .action((options: { dataDir?: string; label: string }) => run('create', undefined, options));
  withDataDir(agent.command('list'))
    .description('list agent credentials: id, state, created, label')
    .action((options: { dataDir?: string }) => run('list', undefined, options));
  withDataDir(agent.command('revoke'))
    .description('revoke an agent credential (see agent list for ids)')
    .argument('<id>', 'the credential id')
    .action((id: string, options: { dataDir?: string }) => run('revoke', id, options));
}

export interface AgentCommand {
  dataDir: string;
  sub: string | undefined;
  id: string | undefined;
  label: string | undefined;
  out: (line: string) => void;
  err: (line: string) => void;
}

/** `rootline agent create|list|revoke`. Returns the exit code. */
function agentCommand(command: AgentCommand): number {
  const { registry, close } = openRegistry(command.dataDir, `agent ${command.sub}`);
  try {
    if (command.sub === 'create') return create(registry, command);
    if (command.sub === 'list') return list(registry, command);
    if (command.sub === 'revoke') return revoke(registry, command);
    command.err(`rootline: unknown agent command ${command.sub ?? ''}; see rootline agent --help`);
    return 2;
  } finally {
    close();
  }
}

function create(registry: Registry, { label, out, err }: AgentCommand): number {
  if (!label?.trim()) {
    err('rootline: agent create needs --label, e.g. --label "Research assistant"');
    return 2;
  }
  const credential = createAgentCredential(registry, label.trim());
  out(credential.token);
  err(`Agent credential ${credential.credential_id} created; the token above is shown once.`);
  return 0;
}

function list(registry: Registry, { out }: AgentCommand): number {
  out('CREDENTIAL ID\tSTATE\tCREATED\tLABEL');
  for (const row of registry.listCredentials('agent')) {
    out(`${row.credential_id}\t${row.revoked_at_ms ? 'revoked' : 'active'}\t${new Date(row.created_at_ms).toISOString()}\t${row.label}`);
  }
  return 0;
}

/**
 * Revokes one agent credential. The human credential is refused by name: revoking it
 * would lock the owner out of their own research (and older versions that allowed it left
 * every later start failing).
 */
function revoke(registry: Registry, { id, out, err }: AgentCommand): number {
  if (!id) {
    err('rootline: agent revoke needs the credential id (see rootline agent list)');
    return 2;
  }
  const credential = registry.credential(id);
  if (!credential) {
    err(`rootline: no credential ${id} (see rootline agent list)`);
    return 1;
  }
  if (credential.kind !== 'agent') {
    err(`rootline: ${id} is the human credential; only agent credentials can be revoked`);
    return 1;
  }
  if (!registry.revokeCredential(id)) {
    err(`rootline: agent credential ${id} is already revoked`);
    return 1;
  }
  out(`Revoked ${id}`);
  return 0;
}
