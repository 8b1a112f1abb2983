/**
 * A big GEDCOM file from a real one: the records of `source` repeated `tiles` times, each copy
 * with its own xref prefix (`@I1@` becomes `@T3_I1@` in copy 3), so every copy is a separate
 * family with the same shape as the original; HEAD once at the top (copy 0's), TRLR once at the
 * end. This is how the corpus reference figures for Gramps were made (pres2020 repeated 44 times:
 * 102,168 persons, 50 MB). Pointers inside text are left alone: only a line's xref and its
 * pointer payload (`1 FAMC @F2@`) are renamed, as GEDCOM places them.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

const XREF_LINE = /^(\s*\d+\s+)@([^@\s]+)@(\s+\S.*)$/;
const POINTER_LINE = /^(\s*\d+\s+\S+\s+)@([^@\s]+)@\s*$/;

/** One line of a record, renamed for copy `tile` (HEAD and TRLR are written once, elsewhere). */
export function renameLine(line: string, prefix: string): string {
  const xref = XREF_LINE.exec(line);
  if (xref) return `${xref[1]}@${prefix}${xref[2]}@${xref[3]}`;
  const pointer = POINTER_LINE.exec(line);
  if (pointer && pointer[2] !== 'VOID') return `${pointer[1]}@${prefix}${pointer[2]}@`;
  return line;
}

/** Splits a GEDCOM text into its HEAD lines and the lines of every other record (TRLR dropped). */
export function splitHead(text: string): { head: string[]; body: string[] } {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const head: string[] = [];
  const body: string[] = [];
  let inHead = false;
  for (const line of lines) {
    if (line.trim() === '') continue;
    const top = /^\s*0\s/.test(line);
    if (top) inHead = /^\s*0\s+HEAD\b/.test(line);
    if (top && /^\s*0\s+TRLR\b/.test(line)) continue;
    (inHead ? head : body).push(line);
  }
  return { head, body };
}

/** Writes `tiles` renamed copies of `text`'s records to `file` (UTF-8, LF). Resolves with the byte count. */
export async function writeTiledGedcom(text: string, tiles: number, file: string): Promise<number> {
  const { head, body } = splitHead(text);
  const out = createWriteStream(file);
  let bytes = 0;
  const write = async (chunk: string) => {
    bytes += Buffer.byteLength(chunk);
    if (!out.write(chunk)) await once(out, 'drain');
  };
  await write(`${head.join('\n')}\n`);
  for (let tile = 0; tile < tiles; tile++) {
    const prefix = `T${tile}_`;
    await write(`${body.map((line) => renameLine(line, prefix)).join('\n')}\n`);
  }
  await write('0 TRLR\n');
  out.end();
  await once(out, 'finish');
  return bytes;
}
