import t from 'tap';
import { fileNameOf } from '../src/file-name.js';

t.test('only the last segment of what the file wrote is kept', async (t) => {
  const cases: [string, string][] = [
    ['C:\\Users\\ann\\Pictures\\x.jpg', 'x.jpg'],
    ['/home/ann/x.jpg', 'x.jpg'],
    ['x.jpg', 'x.jpg'],
    ['photos/1912/wedding.tif', 'wedding.tif'],
    ['..\\..\\scans\\census 1901.pdf', 'census 1901.pdf'],
    ['C:x.jpg', 'x.jpg'],
    ['D:/Genealogy/media/Anna.png', 'Anna.png'],
    ['\\\\server\\share\\family\\y.gif', 'y.gif'],
    ['file:///C:/Users/ann/x.jpg', 'x.jpg'],
    ['https://example.org/archive/a/b/register%20page.jpg?size=large#top', 'register page.jpg'],
    ['https://example.org/bad%E0%A4%A.jpg', 'bad%E0%A4%A.jpg'],
    ['https://example.org/', 'unnamed'],
    ['C:\\Users\\ann\\', 'ann'],
    ['  /home/ann/ spaced.jpg ', 'spaced.jpg'],
    ['C:\\', 'unnamed'],
    ['/', 'unnamed'],
    ['', 'unnamed'],
    ['a%20b.jpg', 'a%20b.jpg'],
    // Folders percent-encoded inside a URL are folders all the same (a security review found them kept).
    ['file:///x/C%3A%5CUsers%5Calice%5CPictures%5Cgrandma.jpg', 'grandma.jpg'],
    ['https://example.com/a/%2Fhome%2Falice%2FPrivate%2Fphoto.jpg', 'photo.jpg'],
    ['https://h/a/%2Fhome%2Falice%2FPrivate%2Fm.ged', 'm.ged'],
    ['https://example.org/bad%E0%A4%A/register%20page.jpg', 'register page.jpg'],
  ];
  for (const [written, name] of cases) t.equal(fileNameOf(written), name, JSON.stringify(written));
});
