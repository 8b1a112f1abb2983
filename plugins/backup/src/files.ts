import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile, link, mkdir, open, rename, rm, type FileHandle } from 'node:fs/promises';

/**
 * The file-system calls that write on the backup side (node:fs by default). A test passes its
 * own to make one of them fail as a full disk would (ENOSPC), or to see their order. Reads
 * (listing, hashing, the tree's own files) go to node:fs directly.
 */
export interface BackupFiles {
  open(path: string, flags: string, mode?: number): Promise<FileHandle>;
  link(existing: string, path: string): Promise<void>;
  /** A copy made by the kernel (copy_file_range where it can), never over an existing file. */
  copyFile(from: string, to: string): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  /** `mkdir(path, { recursive: true })`. */
  mkdir(path: string): Promise<void>;
  /** `rm(path, { recursive: true, force: true })`. */
  remove(path: string): Promise<void>;
}

export const nodeFiles: BackupFiles = {
  open,
  link,
  copyFile: (from, to) => copyFile(from, to, constants.COPYFILE_EXCL),
  rename,
  mkdir: async (path) => {
    await mkdir(path, { recursive: true });
  },
  remove: (path) => rm(path, { recursive: true, force: true }),
};

/** Writes every byte: a short write (a full disk) must not leave a silently short file. */
export async function writeAll(file: FileHandle, bytes: Buffer): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) offset += (await file.write(bytes, offset, bytes.length - offset)).bytesWritten;
}

/** fsync of a folder, so the names made in it (files, links, renames) survive a power cut. */
export async function syncFolder(files: BackupFiles, folder: string): Promise<void> {
  const handle = await files.open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Read and write in 1 MiB pieces (the blob store's download size). */
const CHUNK = 1 << 20;

/** Copies everything `source` holds into a new file `destination` (0600) while hashing it; fsyncs it. */
export async function copyHashing(files: BackupFiles, source: FileHandle, destination: string): Promise<{ sha256: string; size_bytes: number }> {
  const target = await files.open(destination, 'wx', 0o600);
  const hash = createHash('sha256');
  const buffer = Buffer.allocUnsafe(CHUNK);
  let size = 0;
  try {
    for (;;) {
      const { bytesRead } = await source.read(buffer, 0, CHUNK, null);
      if (bytesRead === 0) break;
      const piece = buffer.subarray(0, bytesRead);
      hash.update(piece);
      await writeAll(target, piece);
      size += bytesRead;
    }
    await target.sync();
  } finally {
    await target.close();
  }
  return { sha256: hash.digest('hex'), size_bytes: size };
}

/** The SHA-256 and size of what `file` holds, read to its end (fsynced too when `sync`). */
export async function hashFile(files: Pick<BackupFiles, 'open'>, file: string, options: { sync?: boolean } = {}): Promise<{ sha256: string; size_bytes: number }> {
  const handle = await files.open(file, 'r');
  const hash = createHash('sha256');
  const buffer = Buffer.allocUnsafe(CHUNK);
  let size = 0;
  try {
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, CHUNK, null);
      if (bytesRead === 0) break;
      hash.update(buffer.subarray(0, bytesRead));
      size += bytesRead;
    }
    if (options.sync) await handle.sync();
  } finally {
    await handle.close();
  }
  return { sha256: hash.digest('hex'), size_bytes: size };
}
