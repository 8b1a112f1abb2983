import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync, chmodSync, renameSync } from 'node:fs';
import type { Registry } from '../storage/registry.js';
import type { DataDirLayout } from '../storage/data-dir.js';

const HUMAN_PREFIX = 'rlh_';
const AGENT_PREFIX = 'rla_';
const TOKEN_PATTERN = /^rl[ha]_[A-Za-z0-9_-]{43}$/;

/** A token anywhere in a text (what a Problem must never carry back, CONTRACT §4). */
export const TOKEN_IN_TEXT = /rl[ha]_[A-Za-z0-9_-]{43}/g;

const newToken = (prefix: string) => prefix + randomBytes(32).toString('base64url');
const tokenDigest = (token: string) => createHash('sha256').update(token).digest();

/** Writes a secret file atomically with mode 0600. */
export function writeSecretFile(file: string, content: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, content, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, file);
}

/**
 * The human token lives in `<data>/credentials/human.token` (0600); the registry holds
 * only its digest. Made on first start; kept on later starts.
 */
export function ensureHumanToken(layout: DataDirLayout, registry: Registry): string {
  if (existsSync(layout.humanTokenFile)) {
    const token = readFileSync(layout.humanTokenFile, 'utf8').trim();
    const digest = tokenDigest(token).toString('hex');
    const row = registry.credentialWithDigest(digest);
    if (!row) {
      registry.insertCredential('human', 'human', digest);
    } else if (row.kind === 'agent') {
      // The file holds an agent's token (copied there by hand): an agent is never promoted
      // to the human; the human gets a token of their own instead.
      return issueHumanToken(layout, registry);
    } else if (row.revoked_at_ms !== null) {
      // Revoked by an older `agent revoke`: inserting the digest again would break its
      // unique constraint on every start, so the row itself is made valid again.
      registry.reinstateHumanCredential(row.credential_id);
    }
    return token;
  }
  return issueHumanToken(layout, registry);
}

/**
 * A new human token, and the end of every earlier one: a token file that went missing
 * (deleted, or copied away) must not leave its token working beside the new one.
 */
function issueHumanToken(layout: DataDirLayout, registry: Registry): string {
  const token = newToken(HUMAN_PREFIX);
  registry.retireHumanCredentials();
  registry.insertCredential('human', 'human', tokenDigest(token).toString('hex'));
  writeSecretFile(layout.humanTokenFile, `${token}\n`);
  return token;
}

/** Issues an agent credential; only its digest is stored. The token is shown once. */
export function createAgentCredential(registry: Registry, label: string): { credential_id: string; token: string } {
  const token = newToken(AGENT_PREFIX);
  const row = registry.insertCredential('agent', label, tokenDigest(token).toString('hex'));
  return { credential_id: row.credential_id, token };
}

/**
 * Finds the credential a presented token belongs to. The lookup is by SHA-256 digest (a
 * timing difference can reveal nothing about a token from its digest), and the stored
 * digest is then compared in constant time.
 */
export function verifyToken(registry: Registry, token: string): { credentialId: string; kind: 'human' | 'agent' } | null {
  if (!TOKEN_PATTERN.test(token)) return null;
  const presented = tokenDigest(token);
  const row = registry.credentialByDigest(presented.toString('hex'));
  if (!row) return null;
  const stored = Buffer.from(row.digest, 'hex');
  return stored.length === presented.length && timingSafeEqual(stored, presented) ? { credentialId: row.credential_id, kind: row.kind } : null;
}
