// A build's outputs are read by processes that may start while another build runs (the
// end-to-end tests run two files at once, each building the bundle first): every file is
// written beside its place and renamed over it, so a reader gets the old file or the new one,
// never an empty or half-written one (an empty launcher ran nothing and exited 0).
import { renameSync, rmSync, writeFileSync } from 'node:fs';

/** Writes `content` to `file` whole: a temporary file in the same folder, then one rename. */
export function writeWhole(file, content) {
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    writeFileSync(temporary, content);
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
