import { isDiskFull } from '@rootline/kernel';

/**
 * Why a backup failed, as a stable class: the job's `error.code` and the status's
 * `last_failure_class`. Messages never name a path.
 */
export const FAILURE_CLASSES = ['disk-full', 'backup-root-unavailable', 'tree-object-missing', 'tree-object-corrupt', 'interrupted', 'internal'] as const;
export type FailureClass = (typeof FAILURE_CLASSES)[number];

const MESSAGES: Record<FailureClass, string> = {
  'disk-full': 'The backup folder\'s disk is full',
  'backup-root-unavailable': 'The backup folder cannot be reached or written (is the drive connected?)',
  'tree-object-missing': 'A file of the tree is missing from its data folder',
  'tree-object-corrupt': 'A file of the tree no longer matches its content address',
  interrupted: 'The server stopped before the backup finished',
  internal: 'The backup failed',
};

/** A failure the job reports as it is (a kebab-case `code`: the jobs plugin keeps it and its message). */
export class BackupFailure extends Error {
  override name = 'BackupFailure';
  readonly code: FailureClass;
  constructor(code: FailureClass, message: string = MESSAGES[code], readonly details?: Record<string, unknown>) {
    super(message);
    this.code = code;
  }
}

const ROOT_UNAVAILABLE = new Set(['ENOENT', 'ENOTDIR', 'EACCES', 'EPERM', 'EROFS', 'ENODEV', 'ENXIO', 'EIO', 'SQLITE_CANTOPEN', 'SQLITE_READONLY', 'SQLITE_IOERR']);

/** The error's code: Node's (`ENOSPC`) or better-sqlite3's (`SQLITE_FULL`, `SQLITE_IOERR_WRITE` -> its primary `SQLITE_IOERR`). */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return undefined;
  const primary = /^(SQLITE_[A-Z]+?)(_[A-Z_]+)?$/.exec(code);
  return primary ? primary[1] : code;
}

/**
 * A failure on the backup side (writing into the backup folder) as its class: a full disk
 * (ENOSPC, EDQUOT, SQLite's SQLITE_FULL), a folder that went away or cannot be written, or
 * else `internal`. A BackupFailure keeps its own class.
 */
export function classify(error: unknown): BackupFailure {
  if (error instanceof BackupFailure) return error;
  const code = errorCode(error);
  if (isDiskFull(error)) return new BackupFailure('disk-full');
  if (code && ROOT_UNAVAILABLE.has(code)) return new BackupFailure('backup-root-unavailable');
  return new BackupFailure('internal');
}

/** What may be logged of an error: its name, code and system call; never its message (it names paths). */
export function loggable(error: unknown): { name?: string; code?: string; syscall?: string } {
  const err = (error ?? {}) as { name?: unknown; code?: unknown; syscall?: unknown };
  return {
    ...(typeof err.name === 'string' ? { name: err.name } : {}),
    ...(typeof err.code === 'string' ? { code: err.code } : {}),
    ...(typeof err.syscall === 'string' ? { syscall: err.syscall } : {}),
  };
}
