/**
 * The shared GEDCOM corpus (`../shared/corpus` from the repository root, or $ROOTLINE_CORPUS):
 * every .ged and .gdz file is mapped through the real services, and the persons made must
 * equal the file's INDI records, counted here from the raw text (independently of the reader).
 * The one file with no HEAD (gedcom-go/malformed/missing-header.ged) is refused before any
 * job by the upload check (400 `no-head`): the issue lists such a file as bad input.
 *
 * Last run: 111 files mapped (.ged and the two official .gdz), every person count equal to
 * its INDI count; one file refused for having no HEAD. About 40 s on the shared 2 cores.
 */
import t from 'tap';
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { ServiceCradle } from '@rootline/kernel';
import { isZip, readGedzip } from '@rootline/gedcom';
import { MappingContext, type MappingServices } from '../src/import/context.js';
import { mapFile } from '../src/import/map-file.js';
import { endsWithTrailer, judgeHead } from '../src/import/file-guard.js';
import { human, records, writersServer } from './helpers.js';
import { CORPUS, corpusFiles } from './corpus-files.js';

const root = CORPUS;

/** INDI records counted from the text (an xref missing its closing @ still names a record): UTF-16 told by its zero bytes, every other charset read as Latin-1 (the tags are ASCII). */
function indiCount(bytes: Uint8Array): number {
  const zeros = bytes.subarray(0, 200).filter((byte) => byte === 0).length;
  const text = zeros > 20 ? new TextDecoder(bytes[0] === 0 || (bytes[0] === 0xfe && bytes[1] === 0xff) ? 'utf-16be' : 'utf-16le').decode(bytes) : Buffer.from(bytes).toString('latin1');
  return text.split(/\r\n|\r|\n/).filter((line) => /^\s*0\s+(?:@[^@\s]+@?\s+)?INDI\s*$/i.test(line)).length;
}

if (!existsSync(root)) {
  t.pass(`GEDCOM corpus not found at ${root} (set ROOTLINE_CORPUS): skipped`);
} else {
  t.test('every corpus file: persons made = INDI records in the file', async (t) => {
    const s = await writersServer(t);
    const tree = s.server.kernel.trees.active();
    const cradle = s.server.kernel.servicesFor(tree, human);
    let media = 0;
    const mediaService = { create: () => ({ id: `0193a000-0000-7000-8000-${String(++media).padStart(12, '0')}`, status: 'unresolved' }), depicts: () => true, attach: () => true, remove: () => undefined };
    const services = new Proxy(cradle, { get: (target, key) => (key === 'mediaService' ? mediaService : target[key as keyof ServiceCradle]) }) as unknown as MappingServices;
    const refused: string[] = [];
    let files = 0;
    for (const path of corpusFiles()) {
      const name = relative(root, path);
      const raw = readFileSync(path);
      const bytes = isZip(raw) ? readGedzip(raw).gedcom : raw;
      try {
        judgeHead(raw.subarray(0, 512));
      } catch (error) {
        refused.push(`${name}: ${(error as { code: string }).code}`);
        continue;
      }
      if (!isZip(raw)) t.ok(endsWithTrailer(raw.subarray(Math.max(0, raw.length - 64))), `${name} ends with its trailer`);
      files++;
      const context = new MappingContext(services, human, cradle.ids.next());
      await mapFile(context, () => records(bytes), { write: (work) => tree.transact(work), between: async () => undefined });
      t.equal(context.counts.persons ?? 0, indiCount(bytes), `${name}: persons = INDI records`);
    }
    t.same(refused, ['gedcom-go/malformed/missing-header.ged: no-head'], 'only the file without HEAD is refused');
    t.ok(files > 80, `${files} files mapped`);
  });
}
