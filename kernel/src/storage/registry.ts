import { EventEmitter } from 'node:events';
import type { Db, Statement } from './sqlite.js';
import { StatementCache } from './sqlite.js';
import type { Clock, IdSource } from '../ids.js';

export interface TreeRow {
  tree_id: string;
  name: string;
  created_at_ms: number;
}

export interface CredentialRow {
  credential_id: string;
  kind: 'human' | 'agent';
  label: string;
  digest: string;
  created_at_ms: number;
  revoked_at_ms: number | null;
}

const ACTIVE_TREE = 'active_tree_id';
const CREDENTIAL_RECHECK_MS = 200;

/**
 * The registry database: the trees, which one is active, settings and credentials.
 * Emits `active-changed` (treeId, previousTreeId) when the active tree switches.
 */
export class Registry extends EventEmitter {
  private readonly statements: StatementCache;
  /** The active tree changes only through this process, so it is kept in memory. */
  private activeTree: string | null | undefined;
  private dataVersion: Statement | undefined;
  private credentialCheckedAt = 0;
  private credentialCache: { version: number; byDigest: Map<string, Pick<CredentialRow, 'credential_id' | 'kind' | 'digest'>> } | null = null;

  constructor(readonly db: Db, private readonly clock: Clock, private readonly ids: IdSource) {
    super();
    this.setMaxListeners(0);
    this.statements = new StatementCache(db);
  }

  listTrees(afterId: string | null, order: 'asc' | 'desc', limit: number): TreeRow[] {
    const comparison = order === 'asc' ? '>' : '<';
    const sql = `SELECT tree_id, name, created_at_ms FROM trees ${afterId ? `WHERE tree_id ${comparison} ?` : ''} ORDER BY tree_id ${order} LIMIT ?`;
    const statement = this.statements.prepare(sql);
    return (afterId ? statement.all(afterId, limit) : statement.all(limit)) as TreeRow[];
  }

  countTrees(): number {
    return (this.statements.prepare('SELECT count(*) AS n FROM trees').get() as { n: number }).n;
  }

  getTree(treeId: string): TreeRow | undefined {
    return this.statements.prepare('SELECT tree_id, name, created_at_ms FROM trees WHERE tree_id = ?').get(treeId) as TreeRow | undefined;
  }

  insertTree(name: string, treeId: string = this.ids.next()): TreeRow {
    const row: TreeRow = { tree_id: treeId, name, created_at_ms: this.clock.now() };
    this.statements.prepare('INSERT INTO trees (tree_id, name, created_at_ms) VALUES (?, ?, ?)').run(row.tree_id, row.name, row.created_at_ms);
    return row;
  }

  /** Takes a tree's row away: only a tree that never opened (a restore whose database would not open). */
  deleteTree(treeId: string): void {
    this.statements.prepare('DELETE FROM trees WHERE tree_id = ?').run(treeId);
  }

  activeTreeId(): string | null {
    if (this.activeTree === undefined) this.activeTree = this.getSetting(ACTIVE_TREE);
    return this.activeTree;
  }

  setActiveTree(treeId: string): void {
    const previous = this.activeTreeId();
    this.setSetting(ACTIVE_TREE, treeId);
    this.activeTree = treeId;
    if (previous !== treeId) this.emit('active-changed', treeId, previous);
  }

  getSetting(key: string): string | null {
    const row = this.statements.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
    return row?.value ?? null;
  }

  setSetting(key: string, value: string): void {
    this.statements.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(key, value);
  }

  activeCredentials(): Pick<CredentialRow, 'credential_id' | 'kind' | 'digest'>[] {
    return this.statements.prepare('SELECT credential_id, kind, digest FROM credentials WHERE revoked_at_ms IS NULL').all() as CredentialRow[];
  }

  /**
   * Active credentials by digest, cached until the registry file changes. `data_version`
   * moves when any other connection (the CLI revoking an agent) commits; a change made
   * through this process clears the cache at once.
   */
  credentialByDigest(digestHex: string): Pick<CredentialRow, 'credential_id' | 'kind' | 'digest'> | undefined {
    const now = Date.now();
    // Look at the file's version at most every 200 ms: a revocation from another process
    // takes effect within that, and a busy server does not ask SQLite on every request.
    if (!this.credentialCache || now - this.credentialCheckedAt >= CREDENTIAL_RECHECK_MS) {
      this.credentialCheckedAt = now;
      this.refreshCredentials();
    }
    const found = this.credentialCache!.byDigest.get(digestHex);
    if (found || now === this.credentialCheckedAt) return found;
    // Unknown: perhaps created a moment ago by `rootline agent create`; look again now.
    this.credentialCheckedAt = now;
    this.refreshCredentials();
    return this.credentialCache!.byDigest.get(digestHex);
  }

  private refreshCredentials(): void {
    this.dataVersion ??= this.db.prepare('PRAGMA data_version').pluck();
    const version = this.dataVersion.get() as number;
    if (!this.credentialCache || this.credentialCache.version !== version) {
      this.credentialCache = { version, byDigest: new Map(this.activeCredentials().map((row) => [row.digest, row])) };
    }
  }

  listCredentials(kind: 'human' | 'agent'): CredentialRow[] {
    return this.statements.prepare('SELECT * FROM credentials WHERE kind = ? ORDER BY created_at_ms, credential_id').all(kind) as CredentialRow[];
  }

  insertCredential(kind: 'human' | 'agent', label: string, digest: string): CredentialRow {
    const row: CredentialRow = { credential_id: this.ids.next(), kind, label, digest, created_at_ms: this.clock.now(), revoked_at_ms: null };
    this.statements.prepare('INSERT INTO credentials (credential_id, kind, label, digest, created_at_ms) VALUES (?, ?, ?, ?, ?)')
      .run(row.credential_id, kind, label, digest, row.created_at_ms);
    this.credentialCache = null;
    return row;
  }

  /** One credential by id, revoked or not. */
  credential(credentialId: string): CredentialRow | undefined {
    return this.statements.prepare('SELECT * FROM credentials WHERE credential_id = ?').get(credentialId) as CredentialRow | undefined;
  }

  /** Whether the credential exists, is an agent's and is not revoked. */
  isActiveAgent(credentialId: string): boolean {
    const row = this.credential(credentialId);
    return row?.kind === 'agent' && row.revoked_at_ms === null;
  }

  /** The credential holding a digest, revoked or not (the digest column is unique). */
  credentialWithDigest(digestHex: string): CredentialRow | undefined {
    return this.statements.prepare('SELECT * FROM credentials WHERE digest = ?').get(digestHex) as CredentialRow | undefined;
  }

  /**
   * Revokes an agent credential. Only agents: the human credential is the owner's own key,
   * and its token file is re-read on every start, so revoking it only locked them out.
   */
  revokeCredential(credentialId: string): boolean {
    const result = this.statements.prepare("UPDATE credentials SET revoked_at_ms = ? WHERE credential_id = ? AND kind = 'agent' AND revoked_at_ms IS NULL")
      .run(this.clock.now(), credentialId);
    this.credentialCache = null;
    return result.changes > 0;
  }

  /** Revokes every human credential (before a new human token replaces a lost one). */
  retireHumanCredentials(): void {
    this.statements.prepare("UPDATE credentials SET revoked_at_ms = ? WHERE kind = 'human' AND revoked_at_ms IS NULL").run(this.clock.now());
    this.credentialCache = null;
  }

  /**
   * Makes a revoked human credential valid again. Older versions let `agent revoke` revoke
   * the human credential; its digest stays in the table (unique), so it is reinstated
   * rather than inserted anew.
   */
  reinstateHumanCredential(credentialId: string): boolean {
    const result = this.statements.prepare("UPDATE credentials SET revoked_at_ms = NULL WHERE credential_id = ? AND kind = 'human' AND revoked_at_ms IS NOT NULL")
      .run(credentialId);
    this.credentialCache = null;
    return result.changes > 0;
  }
}
