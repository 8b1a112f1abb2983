/** The codes of a write the disk had no room for: SQLite's, and the file system's (a quota counts). */
const DISK_FULL_CODES = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT']);

/**
 * Whether `error` is the disk refusing a write for want of room (`SQLITE_FULL` from a tree's
 * database, `ENOSPC` or `EDQUOT` from a file): a write that may go through once room is made,
 * unlike a fault in the write itself.
 */
export function isDiskFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' && DISK_FULL_CODES.has(code);
}
