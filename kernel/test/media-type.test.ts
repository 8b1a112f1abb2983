import t from 'tap';
import { sniffMediaType, SNIFF_BYTES } from '../src/storage/media-type.js';

/** The media type of a blob comes from its first bytes (kernel/src/storage/media-type.ts), never from the client. */

const latin1 = (text: string) => Buffer.from(text, 'latin1');
const pad = (head: Buffer, length: number, fill = 0x61) => Buffer.concat([head, Buffer.alloc(Math.max(0, length - head.length), fill)]);

t.test('media type table', async (t) => {
  // 'é' is two bytes in UTF-8: a head that stops after its first byte ends inside it.
  const cutInCharacter = Buffer.concat([Buffer.alloc(SNIFF_BYTES - 1, 0x61), Buffer.from('é').subarray(0, 1)]);
  const rows: [name: string, head: Buffer, expected: string][] = [
    ['nothing', Buffer.alloc(0), 'application/octet-stream'],
    ['a PDF', latin1('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n'), 'application/pdf'],
    ['a PNG', Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'), 'image/png'],
    ['a JPEG', Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), 'image/jpeg'],
    ['TIFF, little-endian, directory at the end', pad(latin1('II*\0\x00\x00\x10\x00'), 64, 0), 'image/tiff'],
    ['TIFF, big-endian, directory at the end', pad(latin1('MM\0*\x00\x10\x00\x00'), 64, 0), 'image/tiff'],
    ['BigTIFF, little-endian', pad(latin1('II+\0\x08\x00\x00\x00'), 64, 0), 'image/tiff'],
    ['BigTIFF, big-endian', pad(latin1('MM\0+\x00\x08\x00\x00'), 64, 0), 'image/tiff'],
    ['almost TIFF', pad(latin1('II*\x01'), 64, 0), 'application/octet-stream'],
    ['plain ASCII text', Buffer.from('Parish register of St Mary, 1841\n'), 'text/plain'],
    ['UTF-8 text', Buffer.from('Müller, Jürgen — geboren 1841 in Köln\n'), 'text/plain'],
    ['text with tab, CR, LF, VT and FF', Buffer.from('a\tb\r\nc\x0bd\x0ce'), 'text/plain'],
    ['a NUL byte', Buffer.from('abc\x00def'), 'application/octet-stream'],
    ['a control character (0x01)', Buffer.from('abc\x01def'), 'application/octet-stream'],
    ['a control character (0x08)', Buffer.from('abc\x08def'), 'application/octet-stream'],
    ['a control character (0x0e)', Buffer.from('abc\x0edef'), 'application/octet-stream'],
    ['a control character (0x1f)', Buffer.from('abc\x1fdef'), 'application/octet-stream'],
    ['a control character after the first 1024 characters', Buffer.concat([Buffer.alloc(1024, 0x61), Buffer.from('\x01')]), 'text/plain'],
    ['a control character at character 1024', Buffer.concat([Buffer.alloc(1023, 0x61), Buffer.from('\x01')]), 'application/octet-stream'],
    ['bytes that are not UTF-8', Buffer.from([0x61, 0xff, 0x62]), 'application/octet-stream'],
    ['a short head ending inside a character', Buffer.concat([Buffer.from('abc'), Buffer.from('é').subarray(0, 1)]), 'application/octet-stream'],
    ['a full head ending inside a character', cutInCharacter, 'text/plain'],
    ['a full head that is not UTF-8 before its end', Buffer.concat([Buffer.from([0xff]), Buffer.alloc(SNIFF_BYTES - 1, 0x61)]), 'application/octet-stream'],
    ['a full head that is not UTF-8 in its middle', Buffer.concat([Buffer.alloc(2000, 0x61), Buffer.from([0xff]), Buffer.alloc(SNIFF_BYTES - 2001, 0x61)]), 'application/octet-stream'],
  ];
  for (const [name, head, expected] of rows) t.equal(await sniffMediaType(head), expected, name);
  t.equal(SNIFF_BYTES, 4100, 'what file-type needs to see');
});
