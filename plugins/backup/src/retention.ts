import type { BackupRetention } from './schemas.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Which backups of a tree a successful run deletes. `backups` are that tree's complete
 * backups on the root, newest first. A backup stays when it is one of the newest `keep_last`,
 * or younger than `keep_days` days, or the one just made (`made`); the newest is never
 * deleted (keep_last is at least 1). Returns the ids to delete, oldest last.
 */
export function toPrune(backups: { backup_id: string; created_at_ms: number }[], retention: BackupRetention, nowMs: number, made: string): string[] {
  const keptByAge = nowMs - retention.keep_days * DAY_MS;
  return backups
    .filter((backup, index) => index >= Math.max(1, retention.keep_last) && backup.backup_id !== made && !(retention.keep_days > 0 && backup.created_at_ms > keptByAge))
    .map((backup) => backup.backup_id);
}
