/**
 * Encodings: how the reader decides (detectEncoding), what each decoder makes of the bytes
 * (ANSEL by its table, the code pages through iconv-lite), characters split across chunks,
 * and bytes that are not valid in the file's encoding.
 */
import t from 'tap';
import iconv from 'iconv-lite';
import { createDecoder, detectEncoding, parseGedcom, type GedcomEncoding } from '../src/index.js';
import { charsetEncoding } from '../src/encoding/charsets.js';

const ascii = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));
const head = (char: string) => ascii(`0 HEAD\r\n1 SOUR X\r\n1 CHAR ${char}\r\n0 @I1@ INDI\r\n`);
const utf16 = (text: string, order: 'le' | 'be', bom: boolean) => {
  const le = Buffer.from((bom ? '\uFEFF' : '') + text, 'utf16le');
  return new Uint8Array(order === 'le' ? le : le.swap16());
};

t.test('byte order marks and the UTF-16 zero pattern decide first', async (t) => {
  t.same(detectEncoding(ascii('\u00ef\u00bb\u00bf0 HEAD\n1 CHAR ANSEL\n')), { encoding: 'utf-8', bom: true, declaredCharset: 'ANSEL' }, 'a BOM outranks CHAR');
  t.same(detectEncoding(utf16('0 HEAD\n1 CHAR UNICODE\n', 'le', true)), { encoding: 'utf-16le', bom: true, declaredCharset: 'UNICODE' });
  t.same(detectEncoding(utf16('0 HEAD\n1 CHAR UTF-8\n', 'be', true)), { encoding: 'utf-16be', bom: true, declaredCharset: 'UTF-8' });
  t.same(detectEncoding(utf16('0 HEAD\n', 'le', false)), { encoding: 'utf-16le', bom: false });
  t.same(detectEncoding(utf16('0 HEAD\n', 'be', false)), { encoding: 'utf-16be', bom: false });
  t.same(detectEncoding(new Uint8Array([0x30])), { encoding: 'utf-8', bom: false }, 'one byte');
  t.same(detectEncoding(new Uint8Array([])), { encoding: 'utf-8', bom: false }, 'nothing');
  t.same(detectEncoding(new Uint8Array([0xef, 0xbb])), { encoding: 'utf-8', bom: false }, 'two bytes of a BOM: not a BOM, but may start a character');
  t.same(detectEncoding(new Uint8Array([0xef, 0xbb, 0x30])), { encoding: 'cp1252', bom: false }, 'and then not');
});

t.test('HEAD.CHAR names, however spelled', async (t) => {
  const table: Array<[string, GedcomEncoding]> = [
    ['ANSEL', 'ansel'], ['ansel', 'ansel'], ['UTF-8', 'utf-8'], ['UTF8', 'utf-8'], ['UNICODE', 'utf-8'],
    ['ANSI', 'cp1252'], ['WINDOWS-1252', 'cp1252'], ['CP1252', 'cp1252'], ['ISO-8859-1', 'cp1252'], ['LATIN1', 'cp1252'],
    ['IBM WINDOWS', 'cp1252'], ['IBM_WINDOWS', 'cp1252'], ['ASCII', 'ascii'], ['US-ASCII', 'ascii'], ['MACINTOSH', 'macroman'],
    ['MacRoman', 'macroman'], ['IBMPC', 'cp437'], ['IBM PC', 'cp437'], ['IBM-DOS', 'cp437'], ['MS-DOS', 'cp437'], ['CP437', 'cp437'],
  ];
  for (const [name, encoding] of table) {
    t.equal(charsetEncoding(name), encoding, name);
    t.same(detectEncoding(head(name)), { encoding, bom: false, declaredCharset: name }, `detected: ${name}`);
  }
  t.equal(charsetEncoding('KLINGON'), undefined);
});

t.test('CHAR is looked for in HEAD only, and tolerantly', async (t) => {
  t.equal(detectEncoding(ascii('0 HEAD\n0 @I1@ INDI\n1 CHAR ANSEL\n')).declaredCharset, undefined, 'not in a later record');
  t.equal(detectEncoding(ascii('0 HEAD\r  1   CHAR\tANSI  \r0 TRLR\r')).encoding, 'cp1252', 'CR-only, indented, tabs');
  t.equal(detectEncoding(ascii('0 HEAD\n1 CHAR\n')).declaredCharset, undefined, 'an empty CHAR');
  t.equal(detectEncoding(ascii('0 HEAD\n2 CHAR ANSEL\n')).declaredCharset, undefined, 'level 2 CHAR is something else');
});

t.test('undeclared or unknown: UTF-8 when the bytes are valid UTF-8, else CP1252', async (t) => {
  t.equal(detectEncoding(new Uint8Array(Buffer.from('0 HEAD\n1 NOTE Zoë\n'))).encoding, 'utf-8');
  t.equal(detectEncoding(ascii('0 HEAD\n1 NOTE Zo\u00eb\n')).encoding, 'cp1252');
  t.equal(detectEncoding(ascii('0 HEAD\n1 CHAR KLINGON\n1 NOTE Zo\u00eb\n')).encoding, 'cp1252');
  t.equal(detectEncoding(new Uint8Array(Buffer.from('0 HEAD\n1 NOTE Zoë')).subarray(0, -1)).encoding, 'utf-8', 'a character cut at the end of the head');
});

t.test('ANSEL: the spacing table', async (t) => {
  const decode = (bytes: number[]) => createDecoder('ansel').decode(new Uint8Array(bytes));
  const spacing = [0xa1, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xa9, 0xaa, 0xab, 0xac, 0xad, 0xae, 0xb0, 0xb1, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xbc, 0xbd, 0xbe, 0xbf, 0xc0, 0xc1, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xcd, 0xce, 0xcf];
  t.equal(decode(spacing), 'ŁØĐÞÆŒʹ·♭®±ƠƯʾʿłøđþæœʺı£ðơư□■°ℓ℗©♯¿¡ß€eoß');
  t.equal(decode([0x41, 0x88, 0x42, 0x89, 0x8d, 0x8e]), 'AB\u200d\u200c', 'MARC controls');
  t.equal(decode([0x80, 0xa0, 0xbb, 0xc9, 0xd0, 0xdf, 0xfc, 0xfd, 0xff]), '\ufffd'.repeat(9), 'undefined bytes');
});

t.test('ANSEL: a combining mark comes before its letter, and reads as one NFC character', async (t) => {
  const decode = (bytes: number[]) => createDecoder('ansel').decode(new Uint8Array(bytes));
  t.equal(decode([0xe2, 0x65]), 'é');
  t.equal(decode([0x4d, 0xe8, 0x75, 0x6c, 0x6c, 0x65, 0x72]), 'Müller');
  const marks = [0xe0, 0xe1, 0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea, 0xeb, 0xec, 0xed, 0xee, 0xef, 0xf0, 0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa, 0xfb, 0xfe];
  const unicode = [0x309, 0x300, 0x301, 0x302, 0x303, 0x304, 0x306, 0x307, 0x308, 0x30c, 0x30a, 0xfe20, 0xfe21, 0x315, 0x30b, 0x310, 0x327, 0x328, 0x323, 0x324, 0x325, 0x333, 0x332, 0x326, 0x31c, 0x32e, 0xfe22, 0xfe23, 0x313];
  t.same(marks.map((mark) => decode([mark, 0x78])), unicode.map((code) => ('x' + String.fromCharCode(code)).normalize('NFC')), 'every mark after an x');
  t.equal(decode([0xe8, 0xe2, 0x75]), 'ǘ', 'two marks: both after the letter, in order');
  t.equal(decode([0xe2, 0xe8, 0x75]), 'ú\u0308', 'the other order is another character');
  t.equal(decode([0xf0, 0xa5]), 'Æ\u0327', 'a mark on a special letter');
  t.equal(decode([0x61, 0xe2, 0x0a, 0x62]), 'a\u0301\nb', 'a mark before a line end stays on its line');
});

t.test('ANSEL: a mark at the end of one chunk waits for the next chunk\'s letter', async (t) => {
  const decoder = createDecoder('ansel');
  t.equal(decoder.decode(new Uint8Array([0x4a, 0x6f, 0x73, 0xe2])), 'Jos');
  t.equal(decoder.decode(new Uint8Array([0x65, 0x20])), 'é ');
  t.equal(decoder.decode(new Uint8Array([0xe8])), '');
  t.equal(decoder.end(), '\u0308', 'a mark with no letter at the end of the file');
  t.equal(decoder.end(), '');
});

t.test('UTF-8 and UTF-16 characters split across chunks come out whole', async (t) => {
  const text = 'Zoë 😀 Ærø';
  for (const [encoding, bytes] of [['utf-8', Buffer.from(text)], ['utf-16le', Buffer.from(text, 'utf16le')], ['utf-16be', Buffer.from(text, 'utf16le').swap16()]] as const) {
    const decoder = createDecoder(encoding);
    let out = '';
    for (const byte of bytes) out += decoder.decode(new Uint8Array([byte]));
    t.equal(out + decoder.end(), text, encoding);
  }
  const cut = createDecoder('utf-8');
  t.equal(cut.decode(new Uint8Array([0x41, 0xc3])) + cut.end(), 'A\ufffd', 'a character cut off by the end of the file');
});

t.test('single-byte code pages', async (t) => {
  const bytes = new Uint8Array([0x80, 0x8a, 0xe9, 0xfc]);
  t.equal(createDecoder('cp1252').decode(bytes), '€Šéü');
  t.equal(createDecoder('macroman').decode(bytes), 'ÄäÈ¸');
  t.equal(createDecoder('cp437').decode(bytes), 'ÇèΘⁿ');
  t.equal(createDecoder('cp1252').decode(new Uint8Array([0x81])), '\ufffd', 'a hole in CP1252');
  t.equal(createDecoder('ascii').decode(new Uint8Array([0x41, 0xe9, 0x42, 0x80])), 'A\ufffdB\ufffd');
  t.equal(createDecoder('cp437').end(), '');
  t.equal(createDecoder('ascii').end(), '');
});

t.test('through the reader: names in every encoding, invalid bytes reported on their line', async (t) => {
  const lines = (char: string) => `0 HEAD\r\n1 GEDC\r\n2 VERS 5.5.1\r\n1 CHAR ${char}\r\n0 @I1@ INDI\r\n1 NAME Zoë /Æsä/\r\n0 TRLR\r\n`;
  for (const [char, encoding] of [['ANSI', 'windows1252'], ['MACINTOSH', 'macintosh'], ['IBMPC', 'cp437'], ['UTF-8', 'utf8']]) {
    const { records, issues } = parseGedcom(new Uint8Array(iconv.encode(lines(char), encoding)));
    t.equal(records[1].children[0].value, 'Zoë /Æsä/', char);
    t.same(issues, [], `${char}: no issues`);
  }
  const ansel = parseGedcom(ascii(lines('ANSEL').replace('Zoë /Æsä/', 'Zo\u00e8e /\u00a5s\u00e8a/')));
  t.equal(ansel.records[1].children[0].value, 'Zoë /Æsä/');
  const wrong = parseGedcom(ascii(lines('UTF-8').replace('Zoë', 'Zo\u00eb')));
  t.equal(wrong.records[1].children[0].value, 'Zo\ufffd /\ufffds\ufffd/', 'CP1252 bytes in a UTF-8 file');
  t.match(wrong.issues, [{ code: 'invalid-byte', line: 6, severity: 'warning', message: /not valid utf-8/ }]);
  t.equal(wrong.issues.length, 1, 'one issue for the line');
  const asciiFile = parseGedcom(ascii(lines('ASCII').replace('Zoë', 'Zo\u00eb')));
  t.same(asciiFile.issues.map((i) => `${i.code}@${i.line}`), ['invalid-byte@6']);
  t.equal(asciiFile.records[1].children[0].value, 'Zo\ufffd /\ufffds\ufffd/');
  t.same(parseGedcom(utf16(lines('UNICODE'), 'be', false)).records[1].children[0].value, 'Zoë /Æsä/', 'UTF-16BE without BOM');
});
