import { open } from 'node:fs/promises';
import { DATABASE, isId, isListedPath, isSha256 } from './layout.js';
import type { UnreadableReason } from './schemas.js';

/** The only manifest format this version writes and reads. */
export const FORMAT_VERSION = 1;

/** A manifest larger than this is not read (a 1,000,000-object backup's is about 150 MB). */
export const MAX_MANIFEST_BYTES = 512 * 1024 * 1024;

export interface ManifestObject {
  /** `tree.db` or `objects/ab/<hex>`, relative to the backup's folder. */
  path: string;
  sha256: string;
  size_bytes: number;
}

/**
 * `manifest.json`, format 1: the BackupManifestDto fields, what the next backup needs to
 * reuse this one (`last_seq`, `schema_checksum`), and every object (the database first).
 */
export interface Manifest {
  format_version: 1;
  backup_id: string;
  tree_id: string;
  tree_name: string;
  app_version: string;
  created_at_ms: number;
  event_count: number;
  object_count: number;
  total_bytes: number;
  /** The tree's last record seq when its database was captured. */
  last_seq: number;
  /** SHA-256 over the tree's applied migrations: a database of another schema is never reused. */
  schema_checksum: string;
  objects: ManifestObject[];
}

export type ManifestReading = { manifest: Manifest } | { unreadable: UnreadableReason };

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;

/**
 * Checks a parsed manifest. A format version other than 1 is refused as such (never guessed
 * at); then every field's type, each object's path (only `tree.db` and `objects/ab/<hex>` of its
 * own hash, each once, the database exactly once), and that `object_count` and `total_bytes`
 * are what the list adds up to. `expected` holds the folder names it was found under.
 */
export function checkManifest(value: unknown, expected: { treeId: string; backupId: string }): ManifestReading {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { unreadable: 'invalid-manifest' };
  const candidate = value as Record<string, unknown>;
  if (!Number.isSafeInteger(candidate.format_version)) return { unreadable: 'invalid-manifest' };
  if (candidate.format_version !== FORMAT_VERSION) return { unreadable: 'unknown-format-version' };
  const counts = ['created_at_ms', 'event_count', 'object_count', 'total_bytes', 'last_seq'] as const;
  const texts = ['tree_name', 'app_version', 'schema_checksum'] as const;
  if (candidate.backup_id !== expected.backupId || candidate.tree_id !== expected.treeId || !isId(expected.backupId) || !isId(expected.treeId)) return { unreadable: 'invalid-manifest' };
  if (!counts.every((key) => isCount(candidate[key])) || !texts.every((key) => isText(candidate[key])) || !Array.isArray(candidate.objects)) return { unreadable: 'invalid-manifest' };
  const seen = new Set<string>();
  let total = 0;
  for (const entry of candidate.objects as unknown[]) {
    const object = entry as Partial<ManifestObject> | null;
    if (typeof object !== 'object' || object === null || typeof object.path !== 'string' || typeof object.sha256 !== 'string' || !isCount(object.size_bytes)) return { unreadable: 'invalid-manifest' };
    if (!isSha256(object.sha256) || !isListedPath(object.path, object.sha256) || seen.has(object.path)) return { unreadable: 'invalid-manifest' };
    seen.add(object.path);
    total += object.size_bytes;
  }
  if (!seen.has(DATABASE) || candidate.object_count !== seen.size || candidate.total_bytes !== total) return { unreadable: 'invalid-manifest' };
  return { manifest: candidate as unknown as Manifest };
}

/** Reads and checks `manifest.json` at `file`: what it holds, or why it is refused. */
export async function readManifest(file: string, expected: { treeId: string; backupId: string }): Promise<ManifestReading> {
  let text: string;
  try {
    const handle = await open(file, 'r');
    try {
      const { size } = await handle.stat();
      if (size > MAX_MANIFEST_BYTES) return { unreadable: 'unreadable-file' };
      text = await handle.readFile('utf8');
    } finally {
      await handle.close();
    }
  } catch {
    return { unreadable: 'unreadable-file' };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { unreadable: 'invalid-json' };
  }
  return checkManifest(value, expected);
}

/** The manifest as written (indented JSON, ending in a newline). */
export const serializeManifest = (manifest: Manifest): string => `${JSON.stringify(manifest, null, 1)}\n`;
