/**
 * GEDZIP: gedcom.ged plus media files under relative paths; paths that would escape the
 * archive or shadow gedcom.ged are refused.
 */
import t from 'tap';
import { unzipSync } from 'fflate';
import { streamGedzip, writeGedzip } from '../src/index.js';

const bytes = (text: string) => new TextEncoder().encode(text);

t.test('holds gedcom.ged and each media file under its path, bytes unchanged', async (t) => {
  const gedcom = bytes('0 HEAD\n1 GEDC\n2 VERS 7.0\n0 TRLR\n'.repeat(50));
  const photo = Uint8Array.from({ length: 3000 }, (_, i) => (i * 7) % 256);
  const zip = writeGedzip(gedcom, new Map([['media/photo 1.jpg', photo], ['a.txt', bytes('x')]]));
  const files = unzipSync(zip);
  t.same(Object.keys(files).sort(), ['a.txt', 'gedcom.ged', 'media/photo 1.jpg']);
  t.same(files['gedcom.ged'], gedcom);
  t.same(files['media/photo 1.jpg'], photo);
  t.ok(zip.length < gedcom.length + photo.length, 'gedcom.ged is compressed');
});

t.test('an empty media map gives an archive with gedcom.ged alone', async (t) => {
  t.same(Object.keys(unzipSync(writeGedzip(bytes('0 TRLR\n'), new Map()))), ['gedcom.ged']);
});

for (const path of ['', 'gedcom.ged', '/etc/passwd', '../up.jpg', 'a/../../b.jpg', 'a//b.jpg', './a.jpg', 'a\\b.jpg', 'C:/x.jpg', 'dir/']) {
  t.test(`refuses the media path ${JSON.stringify(path)}`, async (t) => {
    t.throws(() => writeGedzip(bytes('0 TRLR\n'), new Map([[path, bytes('x')]])), /GEDZIP cannot hold a file at/);
  });
}

t.test('streamGedzip: the same entries as writeGedzip, read from chunks as they come', async (t) => {
  const lines = function* () {
    for (let i = 0; i < 2000; i++) yield bytes(`0 @I${i}@ INDI\n1 NAME Person ${i} /Smith/\n`);
  };
  const photo = Uint8Array.from({ length: 300_000 }, (_, i) => (i * 7) % 251);
  const slices = async function* (whole: Uint8Array, size: number) {
    for (let start = 0; start < whole.length; start += size) yield whole.subarray(start, start + size);
  };
  const chunks: Uint8Array[] = [];
  for await (const chunk of streamGedzip(lines(), [{ path: 'media/Brontë.jpg', content: slices(photo, 65_536) }, { path: 'media/2/Brontë.jpg', content: [] }])) chunks.push(chunk);
  t.ok(chunks.length > 2, 'the archive comes out in pieces, not at the end in one');
  const files = unzipSync(Buffer.concat(chunks));
  t.same(Object.keys(files), ['gedcom.ged', 'media/Brontë.jpg', 'media/2/Brontë.jpg']);
  t.same(files['gedcom.ged'], Buffer.concat([...lines()]));
  t.same(files['media/Brontë.jpg'], photo);
  t.equal(files['media/2/Brontë.jpg'].length, 0);
});

t.test('streamGedzip refuses a path escaping the archive before writing its bytes', async (t) => {
  const run = async () => {
    for await (const _ of streamGedzip([bytes('0 TRLR\n')], [{ path: '../up.jpg', content: [bytes('x')] }])) void _;
  };
  await t.rejects(run(), /GEDZIP cannot hold a file at "\.\.\/up\.jpg"/);
});

t.test('streamGedzip stops at the 65,535 files a zip without ZIP64 holds, with the text and 65,534 media', async (t) => {
  const media = function* (count: number) {
    for (let i = 0; i < count; i++) yield { path: `media/${i}.jpg`, content: [] as Uint8Array[] };
  };
  const entries = async (count: number) => {
    let bytesOut = 0;
    for await (const chunk of streamGedzip([bytes('0 TRLR\n')], media(count))) bytesOut += chunk.length;
    return bytesOut;
  };
  t.ok((await entries(65_534)) > 0, 'the text and 65,534 media files: 65,535 entries fit');
  await t.rejects(entries(65_535), /a GEDZIP without ZIP64 holds at most 65535 files/, 'one more is refused');
});
