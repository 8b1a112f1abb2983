import { homedir, hostname, release, tmpdir, userInfo } from 'node:os';
import { dirname } from 'node:path';
import type { Clock, PluginKernel, Tree } from '@rootline/kernel';
import type { PersonasService } from '@rootline/contracts/personas';
import { lastLines, summarizeLog } from './log.js';
import { nameWordsAmong, probeOf, redactMachine, redactNames, redactSecrets, type NameProbe } from './redact.js';
import { renderBundle } from './bundle.js';
import { LOG_LOCATION_DESCRIPTION, type DiagnosticsDto } from './schemas.js';

export interface DiagnosticsSettings {
  startedAtMs: number;
  /** How much of the end of the log is read (for the error counts and the bundle's lines). */
  logBytes: number;
  /** Log lines in the bundle. */
  logLines: number;
  /** The environment the server started with (its ROOTLINE_* variables are the bundle's configuration). */
  env: NodeJS.ProcessEnv;
}

const ERROR_WINDOW_HOURS = 24;
const SECRET_NAME = /TOKEN|SECRET|PASSWORD|KEY|CREDENTIAL/i;

/**
 * What the server can say about itself: read from the kernel (plugins, trees, the log) each
 * time it is asked, nothing kept. The bundle is the same as text, with the end of the log and
 * the configuration, redacted (redact.ts) with the names of every tree's personas.
 */
export class DiagnosticsService {
  constructor(
    private readonly kernel: PluginKernel,
    private readonly clock: Clock,
    private readonly personasOf: (tree: Tree) => PersonasService,
    private readonly settings: DiagnosticsSettings,
  ) {}

  async report(): Promise<DiagnosticsDto> {
    return this.collect(await this.kernel.recentLog(this.settings.logBytes));
  }

  private collect(log: string): DiagnosticsDto {
    const now = this.clock.now();
    const activeId = this.kernel.activeTree().id;
    const registry = this.kernel.registryTables();
    return {
      app_version: this.kernel.settings.appVersion,
      node_version: process.version,
      platform: `${process.platform}-${process.arch}`,
      os_release: release(),
      started_at_ms: this.settings.startedAtMs,
      uptime_ms: now - this.settings.startedAtMs,
      plugins: this.kernel.loadedPlugins(),
      registry_bytes: databaseBytes((sql) => registry.prepare(sql).pluck().get() as number),
      trees: this.kernel.listTrees().flatMap(({ tree_id, name }) => {
        const tree = this.kernel.openTree(tree_id);
        return tree ? [{ tree_id, name, active: tree_id === activeId, ...treeCounts(tree) }] : [];
      }),
      recent_errors: summarizeLog(log, now, ERROR_WINDOW_HOURS),
      log_location_description: LOG_LOCATION_DESCRIPTION,
    };
  }

  /** The bundle: the report, the configuration and the end of the log, redacted (and the machine's and user's names). */
  async bundle(): Promise<string> {
    const log = await this.kernel.recentLog(this.settings.logBytes);
    const report = this.collect(log);
    const text = renderBundle({ report, configuration: this.configuration(), logLines: lastLines(log, this.settings.logLines), generatedAtMs: this.clock.now() });
    const secretless = redactMachine(redactSecrets(text, this.knownFolders()), { hostname: hostname(), username: userInfo().username });
    return redactNames(secretless, this.nameWords(probeOf(secretless)));
  }

  /** The folders of this machine that name the user or the install: replaced wherever they appear. */
  private knownFolders(): string[] {
    const folders = [homedir(), tmpdir(), process.cwd()];
    const tree = this.kernel.activeTree();
    folders.push(dirname(dirname(tree.dir)));
    return folders;
  }

  /** Of the words in the bundle, those that are (part of) a name of a persona of any tree. */
  private nameWords(wanted: NameProbe): Set<string> {
    const found = new Set<string>();
    for (const { tree_id } of this.kernel.listTrees()) {
      const tree = this.kernel.openTree(tree_id);
      if (tree) nameWordsAmong(this.personasOf(tree).names(), wanted, found);
    }
    return found;
  }

  /** ROOTLINE_* variables: secrets hidden, URLs cut to their origin, the rest redacted with the bundle. */
  private configuration(): [string, string][] {
    return Object.entries(this.settings.env)
      .filter((entry): entry is [string, string] => entry[0].startsWith('ROOTLINE_') && entry[1] !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([name, value]) => [name, SECRET_NAME.test(name) ? '[token]' : originOnly(value)]);
  }
}

function originOnly(value: string): string {
  if (!/^https?:\/\//i.test(value)) return value;
  try {
    const url = new URL(value);
    return url.pathname === '/' && url.search === '' ? url.origin : `${url.origin}/… (path and query left out)`;
  } catch {
    return '[unreadable URL]';
  }
}

function databaseBytes(pragma: (sql: string) => number): number {
  return pragma('PRAGMA page_count') * pragma('PRAGMA page_size');
}

function treeCounts(tree: Tree) {
  const kinds = tree.prepare('SELECT kind, count(*) AS count FROM records GROUP BY kind ORDER BY kind').all() as { kind: string; count: number }[];
  const blobs = tree.prepare('SELECT count(*) AS count, coalesce(sum(size_bytes), 0) AS bytes FROM blobs').get() as { count: number; bytes: number };
  return {
    database_bytes: databaseBytes((sql) => tree.prepare(sql).pluck().get() as number),
    record_count: kinds.reduce((sum, { count }) => sum + count, 0),
    records_by_kind: Object.fromEntries(kinds.map(({ kind, count }) => [kind, count])),
    blob_count: blobs.count,
    blob_bytes: blobs.bytes,
  };
}
