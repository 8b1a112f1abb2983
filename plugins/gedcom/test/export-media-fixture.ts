/**
 * Media objects for the export tests, made through the media plugin as an import would leave
 * them: photos with their bytes in the tree's blob store, a letter and a census page whose
 * bytes never arrived. And the media of a tree as a genealogist compares them after a round
 * trip: name, title, format, and the bytes by their address.
 */
import type { ServiceCradle, Tree } from '@rootline/kernel';
import { human } from './export-fixture.js';

/** A real 2x2 JPEG (made once with sharp): small enough to read in a test, whole enough for any viewer. */
export const JPEG = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCOACqH/9k=',
  'base64',
);
/** Another photo of the same name but other bytes (a comment after the JPEG's end: still sniffed as a JPEG). */
export const OTHER_JPEG = Buffer.concat([JPEG, Buffer.from('second print')]);

/**
 * Five media objects, oldest first: `ann.jpg` (resolved, titled), `letter.pdf` (unresolved,
 * FORM `pdf` as a 5.5.1 file wrote it), `Ann.JPG` (resolved, other bytes, no FORM), `ann.jpg`
 * again (the same bytes, another title), `census` (unresolved, no FORM, no extension).
 */
export async function mediaTree(tree: Tree, cradle: ServiceCradle) {
  const store = async (bytes: Buffer) => (await tree.blobs.write([bytes], { maxBytes: 1 << 20, actor: human })).address;
  const photo = await store(JPEG);
  const other = await store(OTHER_JPEG);
  const media = cradle.mediaService;
  return {
    photo,
    other,
    items: [
      media.create({ file_path_as_written: 'C:\\Users\\ann\\Pictures\\ann.jpg', title: 'Ann at the mill', media_type: 'image/jpeg', blob: photo }),
      media.create({ file_path_as_written: 'letter.pdf', title: 'Letter from Ledbury', media_type: 'pdf' }),
      media.create({ file_path_as_written: 'Ann.JPG', blob: other }),
      media.create({ file_path_as_written: 'ann.jpg', title: 'Ann at the mill (copy)', media_type: 'image/jpeg', blob: photo }),
      media.create({ file_path_as_written: 'census' }),
    ],
  };
}

/** The media of a tree, sorted: what a round trip must keep. */
export function mediaSummary(cradle: ServiceCradle): string[] {
  return [...cradle.mediaService.forExport()].map((media) => [media.file_name, media.title ?? '', media.media_type ?? '', media.status, media.blob ?? ''].join(' | ')).sort();
}
