/**
 * Round trip of media through a GEDZIP: import a GEDZIP -> export with `gedzip: true` ->
 * import into a fresh tree keeps every media object (file name, title, format, resolved or
 * not, and the resolved bytes by their address). On the official maximal70.gdz from the
 * shared corpus (`../shared/corpus` or $ROOTLINE_CORPUS; skipped with a message when absent)
 * and on a small hand-made GEDZIP with a JPEG.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import t, { type Test } from 'tap';
import { readGedzip, writeGedzip } from '@rootline/gedcom';
import type { TestServer } from '@rootline/kernel/testing';
import { exported, exportServer } from './export-fixture.js';
import { JPEG, mediaSummary, OTHER_JPEG } from './export-media-fixture.js';
import { importInto, newTree } from './round-trip-summary.js';

const root = process.env.ROOTLINE_CORPUS ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/corpus');

const address = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Ann's photo and a second print of another name's folder, both `ann.jpg`; a PNG whose bytes were never sent. */
const HAND_MADE = `0 HEAD
1 GEDC
2 VERS 7.0
0 @I1@ INDI
1 NAME Ann /Lee/
0 @O1@ OBJE
1 FILE media/ann.jpg
2 FORM image/jpeg
2 TITL Ann at the mill
0 @O2@ OBJE
1 FILE prints/ann.jpg
2 FORM image/jpeg
2 TITL Second print
0 @O3@ OBJE
1 FILE missing.png
2 FORM image/png
0 TRLR
`;

async function roundTrip(t: Test, s: TestServer, bytes: Buffer, name: string) {
  const first = await newTree(s, 'Original');
  const run = await importInto(s, first.id, bytes, name);
  t.equal(run.state, 'succeeded', JSON.stringify(run.error));
  const { job, bytes: archive } = await exported(s, { version: '7.0', gedzip: true, include_living: true }, { prefix: `/v1/trees/${first.id}` });
  t.equal(job.state, 'succeeded', JSON.stringify(job.error));
  const fresh = await newTree(s, 'Back from the GEDZIP');
  const back = await importInto(s, fresh.id, archive, `${name}-back.gdz`);
  t.equal(back.state, 'succeeded', JSON.stringify(back.error));
  return { before: mediaSummary(first.cradle), after: mediaSummary(fresh.cradle), archive: readGedzip(archive), tree: first.id };
}

t.test('a hand-made GEDZIP with a JPEG: the media objects, their names, titles and bytes come back', async (t) => {
  const s = await exportServer(t);
  const gdz = Buffer.from(writeGedzip(Buffer.from(HAND_MADE), new Map([['media/ann.jpg', JPEG], ['prints/ann.jpg', OTHER_JPEG]])));
  const { before, after, archive } = await roundTrip(t, s, gdz, 'ann.gdz');
  t.same(before, [
    `ann.jpg | Ann at the mill | image/jpeg | resolved | ${address(JPEG)}`,
    `ann.jpg | Second print | image/jpeg | resolved | ${address(OTHER_JPEG)}`,
    'missing.png |  | image/png | unresolved | ',
  ]);
  t.same(after, before);
  t.same([...archive.files.keys()], ['media/ann.jpg', 'media/2/ann.jpg'], 'the second ann.jpg in a folder of its own, its name kept');
});

/** File names a URL cannot hold literally: 7.0 escapes them on the FILE line, the zip entry keeps the name. */
const ESCAPED_NAMES = `0 HEAD
1 GEDC
2 VERS 7.0
0 @O1@ OBJE
1 FILE media/Ann%20at%20the%20mill%20%231.jpg
2 FORM image/jpeg
0 @O2@ OBJE
1 FILE media/M%C3%BCller%20100%25.jpg
2 FORM image/jpeg
0 TRLR
`;

t.test('file names with spaces, # and %: escaped on 7.0 FILE lines, plain in the zip and in the tree, round trip intact', async (t) => {
  const s = await exportServer(t);
  const gdz = Buffer.from(writeGedzip(Buffer.from(ESCAPED_NAMES), new Map([['media/Ann at the mill #1.jpg', JPEG], ['media/Müller 100%.jpg', OTHER_JPEG]])));
  const { before, after, archive, tree } = await roundTrip(t, s, gdz, 'escaped.gdz');
  t.same(before, [
    `Ann at the mill #1.jpg |  | image/jpeg | resolved | ${address(JPEG)}`,
    `Müller 100%.jpg |  | image/jpeg | resolved | ${address(OTHER_JPEG)}`,
  ], 'the escapes are decoded: the file names as on disk, the bytes found in the zip');
  t.same(after, before);
  t.same([...archive.files.keys()], ['media/Ann at the mill #1.jpg', 'media/Müller 100%.jpg'], 'zip entries are not escaped');
  const lines = Buffer.from(archive.gedcom).toString('utf8').split(/\r?\n/).filter((line) => line.startsWith('1 FILE'));
  t.same(lines, ['1 FILE media/Ann%20at%20the%20mill%20%231.jpg', '1 FILE media/Müller%20100%25.jpg'], 'FILE lines are URLs');

  const legacy = await exported(s, { version: '5.5.1', gedzip: true, include_living: true }, { prefix: `/v1/trees/${tree}` });
  const legacyLines = Buffer.from(readGedzip(legacy.bytes).gedcom).toString('utf8').split(/\r?\n/).filter((line) => line.startsWith('1 FILE'));
  t.same(legacyLines, ['1 FILE media/Ann at the mill #1.jpg', '1 FILE media/Müller 100%.jpg'], '5.5.1 writes the path itself');
});

if (!existsSync(root)) {
  t.comment(`The GEDCOM corpus is not at ${root} (set ROOTLINE_CORPUS): the maximal70.gdz round trip was skipped`);
} else {
  t.test('maximal70.gdz: import -> GEDZIP export -> import keeps the media objects', async (t) => {
    const path = join(root, 'gedcom70-official/gedcom70/maximal70.gdz');
    if (!existsSync(path)) {
      t.comment(`${path} is not in the corpus: skipped`);
      return;
    }
    const s = await exportServer(t);
    const { before, after, archive } = await roundTrip(t, s, readFileSync(path), 'maximal70.gdz');
    const resolved = before.filter((line) => line.includes('| resolved |')).map((line) => `media/${line.split(' | ')[0]}`);
    t.ok(resolved.length > 0, 'some media were resolved from the archive');
    t.same([...archive.files.keys()].sort(), resolved.sort(), 'the archive holds the resolved files, each under media/ by its name');
    t.same(after, before);
    t.comment(`media: ${before.join('; ')}; archive: ${[...archive.files.keys()].join(', ')}`);
  });
}
