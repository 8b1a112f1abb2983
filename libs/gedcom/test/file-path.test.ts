import t from 'tap';
import { fileUrlOf, filePathOf } from '../src/index.js';

t.test('a local path becomes a 7.0 FILE URL and back', async (t) => {
  const rows: [string, string][] = [
    ['media/photo.jpg', 'media/photo.jpg'],
    ['media/My photo #1.jpg', 'media/My%20photo%20%231.jpg'],
    ['media/100% sure?.png', 'media/100%25%20sure%3F.png'],
    ['media/2/a[b]{c}|d^e`f.gif', 'media/2/a%5Bb%5D%7Bc%7D%7Cd%5Ee%60f.gif'],
    ['media/"quoted" <x>.tif', 'media/%22quoted%22%20%3Cx%3E.tif'],
    ['c:photo.jpg', 'c%3Aphoto.jpg'],
    ['media/back\\slash.jpg', 'media/back%5Cslash.jpg'],
    ['media/tab\there.jpg', 'media/tab%09here.jpg'],
    ['media/del\u007f.jpg', 'media/del%7F.jpg'],
    ['media/Müller Zoë.jpg', 'media/Müller%20Zoë.jpg'],
    ['media/Ó Súilleabháin.png', 'media/Ó%20Súilleabháin.png'],
    ['plain-name_1.2.jpg', 'plain-name_1.2.jpg'],
  ];
  for (const [path, url] of rows) {
    t.equal(fileUrlOf(path), url, `${JSON.stringify(path)} is written as ${url}`);
    t.equal(filePathOf(url), path, `${url} reads back as ${JSON.stringify(path)}`);
  }
});

t.test('reading FILE payloads other tools wrote', async (t) => {
  t.equal(filePathOf('media/caf%C3%A9.jpg'), 'media/café.jpg', 'UTF-8 escapes decode');
  t.equal(filePathOf('https://example.org/a%20b.jpg'), 'https://example.org/a%20b.jpg', 'a URL with a scheme is kept');
  t.equal(filePathOf('file:///home/x.jpg'), 'file:///home/x.jpg');
  t.equal(filePathOf('media/100%.jpg'), 'media/100%.jpg', 'a stray % is kept');
  t.equal(filePathOf('media/a%20b%zz%E9.jpg'), 'media/a b%zz%E9.jpg', 'a malformed escape keeps what cannot be read, ASCII escapes decode');
});
