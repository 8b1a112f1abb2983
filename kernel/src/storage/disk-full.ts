/** The codes of a write refused for want of room: Node's (`ENOSPC`, `EDQUOT`: a quota) and SQLite's (better-sqlite3's `SqliteError`). */
const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL']);

/**
 * Whether `error` (or an error it was caused by) is a write refused because the disk is full:
 * ENOSPC or EDQUOT from the file system, SQLITE_FULL from SQLite. The kernel answers such a
 * failed request 507 `disk-full`; the backup plugin counts a run that failed so as `disk-full`;
 * a write that may go through once room is made (`tree.writeWhenRoom`), unlike a fault in the write itself.
 */
export function isDiskFull(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 8; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && DISK_FULL_CODES.has(code)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}
