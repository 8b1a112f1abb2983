import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openRegistry, readManifest } from '@rootline/kernel/host';

/** What the command's tests share: the repository, its default manifest, a data folder of a test's own. */

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** The default build's plugins, for a server a command starts in this process. */
export const manifest = readManifest(join(root, 'rootline.manifest.json'));

/** A fresh, empty folder, removed when the test ends. */
export function folder(t: { teardown: (fn: () => void) => void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'rootline-cli-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A data folder as a first start leaves it (its registry and the human token), removed when the test ends. */
export function dataFolder(t: { teardown: (fn: () => void) => void }): string {
  const dir = folder(t);
  openRegistry(dir, 'test').close();
  return dir;
}
