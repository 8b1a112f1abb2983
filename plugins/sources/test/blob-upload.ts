import { systemActor } from '@rootline/kernel';
import type { TestServer } from '@rootline/kernel/testing';

export const evidencePlugins = ['@rootline/plugin-citations', '@rootline/plugin-sources'];

/** Stores bytes in the active tree's blob store, as an upload through the blobs plugin would. */
export async function uploadBlob(s: TestServer, bytes: Buffer): Promise<string> {
  const blob = await s.server.kernel.trees.active().blobs.write([bytes], { maxBytes: bytes.length, actor: systemActor });
  return blob.address;
}
