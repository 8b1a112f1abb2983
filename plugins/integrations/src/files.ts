import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * The file-system calls connect writes through (node:fs by default). A test passes calls that
 * fail where a real disk fails (a full disk, a folder that refuses new files) to see that the
 * original file stays as it was.
 */
export interface HarnessFiles {
  /** The file's bytes, or undefined when there is no file. Anything else (a folder, no access) throws. */
  read(path: string): Promise<Buffer | undefined>;
  /** The file's permission bits, to keep them on the new version. */
  mode(path: string): Promise<number>;
  /** `mkdir -p`. */
  mkdir(path: string): Promise<void>;
  /** Removes a file (no error when it is gone). */
  remove(path: string): Promise<void>;
  /** Writes `bytes` to a new temp file beside `path`, fsyncs it, renames it over `path`, fsyncs the folder. */
  writeAtomic(path: string, bytes: Buffer, mode: number): Promise<void>;
}

async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export const nodeFiles: HarnessFiles = {
  async read(path) {
    try {
      return await readFile(path);
    } catch (error) {
      // No file, or a parent that is not a folder (then there cannot be one, and writing fails later).
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
      throw error;
    }
  },
  mode: async (path) => (await stat(path)).mode & 0o777,
  remove: (path) => rm(path, { force: true }),
  mkdir: async (path) => {
    await mkdir(path, { recursive: true });
  },
  async writeAtomic(path, bytes, mode) {
    const temporary = join(dirname(path), `.${basename(path)}.rootline-${randomBytes(6).toString('hex')}.tmp`);
    try {
      const handle = await open(temporary, 'wx', mode);
      try {
        await handle.chmod(mode);
        let offset = 0;
        while (offset < bytes.length) offset += (await handle.write(bytes, offset, bytes.length - offset)).bytesWritten;
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    await syncFolder(dirname(path));
  },
};
