import t from 'tap';
import { inflateSync } from 'node:zlib';
import { crc32, solidPng } from '../src/png.js';

t.test('crc32: the check values of the PNG specification\'s CRC', async (t) => {
  t.equal(crc32(Buffer.from('123456789')), 0xcbf43926);
  t.equal(crc32(Buffer.alloc(0)), 0);
  t.equal(crc32(Buffer.from('IEND')), 0xae426082, 'the IEND chunk\'s well-known CRC');
});

t.test('solidPng: a valid PNG of the size asked, one colour, different per seed', async (t) => {
  const png = solidPng(3, 2, 5);
  t.same([...png.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10], 'signature');
  t.equal(png.subarray(12, 16).toString('latin1'), 'IHDR');
  t.equal(png.readUInt32BE(16), 3, 'width');
  t.equal(png.readUInt32BE(20), 2, 'height');
  t.equal(png.readUInt32BE(29), crc32(png.subarray(12, 29)), 'IHDR CRC');
  const idatLength = png.readUInt32BE(33);
  t.equal(png.subarray(37, 41).toString('latin1'), 'IDAT');
  const pixels = inflateSync(png.subarray(41, 41 + idatLength));
  t.equal(pixels.length, 2 * (1 + 3 * 3), 'two rows of a filter byte and three RGB pixels');
  t.same([...pixels.subarray(0, 4)], [0, (5 * 67) & 0xff, (5 * 151 + 40) & 0xff, (5 * 211 + 90) & 0xff]);
  t.equal(png.subarray(-8, -4).toString('latin1'), 'IEND');
  t.not(solidPng(3, 2, 1).toString('hex'), solidPng(3, 2, 2).toString('hex'));
});
