import t from 'tap';
import { formOf } from '../src/export/media-format.js';
import { pedigreeOf } from '../src/import/facts.js';

t.test('FORM for 7.0: the media type each format word or file extension means, written out as a promise', async (t) => {
  const promised: [string, string][] = [
    ['jpg', 'image/jpeg'], ['jpeg', 'image/jpeg'], ['gif', 'image/gif'], ['bmp', 'image/bmp'], ['png', 'image/png'],
    ['tif', 'image/tiff'], ['tiff', 'image/tiff'], ['webp', 'image/webp'], ['heic', 'image/heic'], ['pcx', 'image/vnd.zbrush.pcx'],
    ['pdf', 'application/pdf'], ['txt', 'text/plain'], ['htm', 'text/html'], ['html', 'text/html'], ['vtt', 'text/vtt'],
    ['wav', 'audio/wav'], ['mp3', 'audio/mpeg'], ['oga', 'audio/ogg'], ['ogg', 'audio/ogg'], ['m4a', 'audio/mp4'],
    ['mp4', 'video/mp4'], ['avi', 'video/x-msvideo'], ['mov', 'video/quicktime'], ['mpg', 'video/mpeg'], ['mpeg', 'video/mpeg'],
  ];
  for (const [word, type] of promised) {
    t.same(formOf(word, 'scan', undefined, '7.0'), { value: type }, `FORM ${word}`);
    t.same(formOf(`.${word.toUpperCase()}`, 'scan', undefined, '7.0'), { value: type }, `FORM .${word.toUpperCase()}`);
    t.same(formOf(undefined, `media/scan.${word.toUpperCase()}`, undefined, '7.0'), { value: type }, `no FORM: the file's extension .${word.toUpperCase()}`);
  }
  t.same(formOf('IMAGE/JPEG', 'scan.gif', undefined, '7.0'), { value: 'image/jpeg' }, 'a media type of its own wins, lower-cased');
  t.same(formOf(undefined, 'scan', 'image/png', '7.0'), { value: 'image/png' }, 'else what the bytes were sniffed as');
  t.same(formOf(undefined, 'scan.xyz', 'application/octet-stream', '7.0'), { value: 'application/octet-stream', loss: 'format unknown: written application/octet-stream' });
  t.same(formOf(undefined, 'scan', undefined, '7.0'), { value: 'application/octet-stream', loss: 'format unknown: written application/octet-stream' });
});

t.test('FORM for 5.5.1: a word of its list, the 5.5 spellings made 5.5.1, a media type turned into its word, else the extension and a loss', async (t) => {
  for (const word of ['bmp', 'gif', 'jpg', 'ole', 'pcx', 'tif', 'wav']) t.same(formOf(word.toUpperCase(), 'x', undefined, '5.5.1'), { value: word }, word);
  t.same(formOf('jpeg', 'scan', undefined, '5.5.1'), { value: 'jpg' }, '5.5\'s jpeg');
  t.same(formOf('tiff', 'scan', undefined, '5.5.1'), { value: 'tif' }, '5.5\'s tiff');
  t.same(formOf('image/jpeg', 'scan', undefined, '5.5.1'), { value: 'jpg' }, 'a 7.0 media type');
  t.same(formOf('audio/x-wav; rate=8000', 'scan', undefined, '5.5.1'), { value: 'wav' }, 'its parameters aside');
  t.same(formOf(undefined, 'scan.gif', undefined, '5.5.1'), { value: 'gif' }, 'no FORM: the extension\'s type, then its word');
  const outside = 'format outside 5.5.1\'s list (bmp gif jpg ole pcx tif wav): written as its file extension or subtype';
  t.same(formOf('png', 'scan.png', undefined, '5.5.1'), { value: 'png', loss: outside });
  t.same(formOf('application/pdf', 'scan', undefined, '5.5.1'), { value: 'pdf', loss: outside }, 'the subtype when there is no extension');
  t.same(formOf(undefined, 'scan', undefined, '5.5.1'), { loss: 'format unknown: no FORM written' });
});

t.test('PEDI (and _FREL/_MREL) words: what each means for the parent edge', async (t) => {
  const table: [string | undefined, string][] = [
    [undefined, 'birth'], ['', 'birth'], ['  ', 'birth'], ['birth', 'birth'], ['Natural', 'birth'], ['BIOLOGICAL', 'birth'],
    ['adopted', 'adopted'], [' Foster ', 'foster'], ['STEP', 'step'], ['sealing', 'unknown'], ['Guardian', 'unknown'],
  ];
  for (const [written, pedigree] of table) t.equal(pedigreeOf(written), pedigree, JSON.stringify(written));
});
