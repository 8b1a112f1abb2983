import { Problems } from '@rootline/kernel';

/**
 * The digest's cursor: the tree and the last record (`seq`) the digest saw, as base64url JSON.
 * It is not signed: it only narrows what a read shows, so a forged one can hide nothing the
 * caller could not read anyway. It is refused (400 `invalid-cursor`) when it is not one of
 * ours, belongs to another tree, or names a record the tree has not written yet.
 */
export interface DigestCursor {
  tree: string;
  seq: number;
}

export function encodeCursor(cursor: DigestCursor): string {
  return Buffer.from(JSON.stringify({ t: cursor.tree, s: cursor.seq })).toString('base64url');
}

export function decodeCursor(text: string, tree: string, lastSeq: number): DigestCursor {
  const parsed = parse(text);
  if (!parsed) throw refused('is not a cursor of GET project/state');
  if (parsed.t !== tree) throw refused('belongs to another tree');
  if (parsed.s > lastSeq) throw refused('names a change this tree has not made');
  return { tree: parsed.t, seq: parsed.s };
}

function parse(text: string): { t: string; s: number } | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as { t?: unknown; s?: unknown };
    if (typeof value.t !== 'string' || !Number.isSafeInteger(value.s) || (value.s as number) < 0) return null;
    return { t: value.t, s: value.s as number };
  } catch {
    return null;
  }
}

const refused = (why: string) => {
  const detail = `since ${why}; pass the cursor of an earlier project/state answer of this tree, or leave since out`;
  return Problems.invalidCursor(detail, { errors: [{ location: 'query', name: 'since', message: detail }] });
};
