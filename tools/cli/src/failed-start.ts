/**
 * A start that failed on a data folder it made itself (a port in use, a plugin's setting that does
 * not fit) takes that folder away again: the user is left with what they had, not with a new,
 * empty data folder at a path they may have mistyped. It is taken away only while this process
 * holds the folder's lock, so a server another process has started on it meanwhile keeps it.
 */
import { existsSync, rmSync } from 'node:fs';
import { lockDataDir, type DataDirLock } from '@rootline/kernel/host';

/** Whether `path` is new: nothing is there before the start. */
export const isNewFolder = (path: string) => !existsSync(path);

/** Removes the folder a failed start made, unless another process holds it by now. */
export function removeFolderOfFailedStart(path: string, command: string): void {
  let lock: DataDirLock;
  try {
    lock = lockDataDir(path, { role: 'tool', command, waitForToolMs: 0 });
  } catch {
    return; // another process has it (or it cannot be made at all): it is left alone
  }
  try {
    rmSync(path, { recursive: true, force: true });
  } finally {
    lock.release();
  }
}
