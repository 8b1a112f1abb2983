import { basename, dirname, join } from 'node:path';
import type { AgentCredentials, Clock, PluginKernel, RegistryTables } from '@rootline/kernel';
import { HARNESSES, SERVER_NAME, configFileOf, harnessById, type Harness, type Platform } from './harnesses.js';
import { holdsEntry, planConfigEdit, UnparseableConfig, type ConfigEdit } from './config-edit.js';
import type { HarnessFiles } from './files.js';
import { IntegrationProblems } from './errors.js';
import type { ConnectPreview, ConnectResult, HarnessListResponse } from './schemas.js';

export interface IntegrationsDependencies {
  tables: RegistryTables;
  credentials: AgentCredentials;
  /** The command line that starts `rootline mcp --harness <id>` against this data folder. */
  commandLine: (args: string[]) => { command: string; args: string[] };
  files: HarnessFiles;
  env: NodeJS.ProcessEnv;
  platform: Platform;
  home: string;
  clock: Clock;
  logger: PluginKernel['logger'];
}

interface Plan {
  harness: Harness;
  file: string;
  original: Buffer | undefined;
  edit: ConfigEdit;
}

/** `20261125T060102123Z`: the UTC time a backup copy is named after. */
const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:.]/g, '');

/**
 * Connecting assistant harnesses (CONTRACT §12): the list, what connect would do (preview),
 * and connect itself. Connects run one at a time (a reconnect racing another would revoke
 * the credential the other just wrote into the file).
 */
export class IntegrationsService {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: IntegrationsDependencies) {}

  async list(): Promise<HarnessListResponse> {
    const harnesses = [];
    for (const harness of HARNESSES) {
      harnesses.push({ id: harness.id, display_name: harness.display_name, vendor: harness.vendor, one_click: true, connected: await this.connected(harness) });
    }
    return { harnesses };
  }

  async preview(harnessId: string): Promise<ConnectPreview> {
    const { harness, edit } = await this.plan(harnessId);
    const where = harness.file_in_words;
    const doing = {
      'create-file': `create ${where}, with a server named "${SERVER_NAME}" under "${harness.servers_key}" (the folders it needs are made too)`,
      'add-entry': `add a server named "${SERVER_NAME}" under "${harness.servers_key}" in ${where}, keeping everything else in it, comments included, and keep a copy of the file as it was beside it`,
      'replace-entry': `replace the server named "${SERVER_NAME}" under "${harness.servers_key}" in ${where}, keeping everything else in it, comments included, keep a copy of the file as it was beside it, and revoke the credential the earlier connect issued`,
    }[edit.action];
    return {
      action: edit.action,
      display_name: harness.display_name,
      existing_keys_preserved: edit.existing_keys_preserved,
      harness_id: harness.id,
      server_entry_already_existed: edit.server_entry_already_existed,
      servers_key: harness.servers_key,
      summary: `Connect would ${doing}. It starts \`rootline mcp --harness ${harness.id}\`, which uses an agent credential of ${harness.display_name}'s own; no secret goes into the file.`,
    };
  }

  connect(harnessId: string): Promise<ConnectResult> {
    const run = this.queue.then(() => this.connectNow(harnessId));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async connectNow(harnessId: string): Promise<ConnectResult> {
    const plan = await this.plan(harnessId);
    const { harness, file, original, edit } = plan;
    const backupName = `${basename(file)}.rootline-backup-${stamp(this.deps.clock.now())}`;
    let mode = 0o644;
    await this.step(harness, 'config-write', async () => {
      await this.deps.files.mkdir(dirname(file));
      if (original) mode = await this.deps.files.mode(file);
      if (original) await this.deps.files.writeAtomic(join(dirname(file), backupName), original, mode);
      await this.deps.files.writeAtomic(file, Buffer.from(edit.text, 'utf8'), mode);
    });
    let credentialId: string;
    try {
      credentialId = this.deps.credentials.issue(harness.id, `${harness.display_name} (assistant harness)`);
    } catch (error) {
      await this.step(harness, 'config-restore', () => (original ? this.deps.files.writeAtomic(file, original, mode) : this.deps.files.remove(file)));
      throw this.failed(harness, 'credential', error);
    }
    const earlier = this.deps.tables.prepare('SELECT credential_id FROM integration_connections WHERE harness_id = ?').pluck().get(harness.id) as string | undefined;
    this.deps.tables.transact(() => {
      this.deps.tables.prepare('INSERT INTO integration_connections (harness_id, credential_id, connected_at_ms) VALUES (?, ?, ?) ON CONFLICT (harness_id) DO UPDATE SET credential_id = excluded.credential_id, connected_at_ms = excluded.connected_at_ms')
        .run(harness.id, credentialId, this.deps.clock.now());
      if (earlier) this.deps.credentials.revoke(earlier);
    });
    this.deps.logger.info({ harness: harness.id, action: edit.action }, 'assistant harness connected');
    return {
      action: edit.action,
      backup_path_description: original
        ? `A copy of ${harness.file_in_words} as it was is beside it, named ${backupName}`
        : `There was no file before, so there was nothing to copy; ${harness.file_in_words} was created`,
      restart_required: harness.restart_required,
    };
  }

  /** What connect would do to a harness's file: the one place preview and connect agree on. */
  private async plan(harnessId: string): Promise<Plan> {
    const harness = harnessById(harnessId);
    if (!harness) throw IntegrationProblems.unknownHarness(harnessId);
    const file = configFileOf(harness, this.deps.platform, this.deps.env, this.deps.home);
    let original: Buffer | undefined;
    try {
      original = await this.deps.files.read(file);
    } catch (error) {
      throw IntegrationProblems.unavailable(`${harness.file_in_words} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}). Nothing was changed.`, { extras: { reason: 'unreadable' } });
    }
    const { command, args } = this.deps.commandLine(['mcp', '--harness', harness.id]);
    try {
      const edit = planConfigEdit(original?.toString('utf8'), harness.servers_key, SERVER_NAME, harness.entry(command, args));
      return { harness, file, original, edit };
    } catch (error) {
      if (!(error instanceof UnparseableConfig)) throw error;
      throw IntegrationProblems.unavailable(`${harness.file_in_words} cannot be edited safely: ${error.message}. Nothing was changed; fix the file (or move it away) and connect again.`, { extras: { reason: error.reason } });
    }
  }

  private async connected(harness: Harness): Promise<boolean> {
    const credentialId = this.deps.tables.prepare('SELECT credential_id FROM integration_connections WHERE harness_id = ?').pluck().get(harness.id) as string | undefined;
    if (!credentialId || !this.deps.credentials.isActive(credentialId)) return false;
    const text = await this.deps.files.read(configFileOf(harness, this.deps.platform, this.deps.env, this.deps.home)).catch(() => undefined);
    return holdsEntry(text?.toString('utf8'), harness.servers_key, SERVER_NAME);
  }

  /** Runs one writing step; a failure becomes 500 `harness-connect-failed` (logged by code, never by path). */
  private async step(harness: Harness, step: string, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      throw this.failed(harness, step, error);
    }
  }

  private failed(harness: Harness, step: string, error: unknown) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    this.deps.logger.error({ harness: harness.id, step, code }, 'assistant harness connect failed');
    return IntegrationProblems.connectFailed(`${harness.display_name} could not be connected: ${step === 'credential' ? 'its credential could not be stored' : `${harness.file_in_words} could not be written`} (${code}). The file is as it was.`, { extras: { step } });
  }
}
