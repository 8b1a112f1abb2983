import t from 'tap';
import { MediaArchive } from '../src/export/media-archive.js';

/**
 * Where a GEDZIP export puts each media file (`MediaArchive.place`), as the genealogist's unzip
 * will see it: under `media/` by its own name; `.` and `..`, no name on any disk, with their dots
 * as underscores; two files of one name (case aside) in numbered folders; the same bytes under
 * the same name once.
 */

t.test('a file is placed under media/ by its own name, once per name and bytes', async (t) => {
  const archive = new MediaArchive();
  t.equal(archive.place('grave.jpg', 'sha256:a'), 'media/grave.jpg');
  t.equal(archive.place('grave.jpg', 'sha256:a'), 'media/grave.jpg', 'the same bytes under the same name: one entry');
  t.equal(archive.place('Grave.JPG', 'sha256:b'), 'media/2/Grave.JPG', 'another file of the same name, case aside: a numbered folder');
  t.equal(archive.place('grave.jpg', 'sha256:c'), 'media/3/grave.jpg');
  t.same(archive.files, [
    { path: 'media/grave.jpg', blob: 'sha256:a' },
    { path: 'media/2/Grave.JPG', blob: 'sha256:b' },
    { path: 'media/3/grave.jpg', blob: 'sha256:c' },
  ]);
});

t.test('a name of dots alone is no name: its dots become underscores; a dot inside a name stays', async (t) => {
  const archive = new MediaArchive();
  t.equal(archive.place('.', 'sha256:a'), 'media/_');
  t.equal(archive.place('..', 'sha256:b'), 'media/__');
  t.equal(archive.place('...', 'sha256:c'), 'media/___');
  t.equal(archive.place('.hidden', 'sha256:d'), 'media/.hidden');
  t.equal(archive.place('a..b', 'sha256:e'), 'media/a..b');
});
