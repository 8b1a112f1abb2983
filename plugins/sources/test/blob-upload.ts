import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestServer } from '@rootline/kernel/testing';

/**
 * Blob uploads for the attach-blob tests, tolerant of what exists yet: the blobs plugin
 * when it is installed, else a `blobs` table in the tree database (what the sources plugin
 * falls back to while the kernel has no `tree.blobs`). Null when neither can hold a blob.
 */
export const blobsPluginInstalled = (() => {
  try {
    return existsSync(fileURLToPath(import.meta.resolve('@rootline/plugin-blobs')));
  } catch {
    return false;
  }
})();

export const evidencePlugins = ['@rootline/plugin-citations', '@rootline/plugin-sources', ...(blobsPluginInstalled ? ['@rootline/plugin-blobs'] : [])];

export async function uploadBlob(s: TestServer, bytes: Buffer): Promise<string | null> {
  if (blobsPluginInstalled) {
    const res = await s.request('POST', '/v1/blobs', { payload: bytes, headers: { 'content-type': 'application/octet-stream' } });
    return res.statusCode === 200 ? (res.json().address as string) : null;
  }
  const tree = s.server.kernel.trees.active();
  if ((tree as unknown as { blobs?: unknown }).blobs) return null;
  const hex = createHash('sha256').update(bytes).digest('hex');
  tree.db.exec('CREATE TABLE IF NOT EXISTS blobs (address TEXT PRIMARY KEY)');
  tree.db.prepare('INSERT OR IGNORE INTO blobs (address) VALUES (?)').run(hex);
  return hex;
}
