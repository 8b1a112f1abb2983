/**
 * readGedzip: the GEDCOM text and the media files of a .gdz, and what is not a GEDZIP.
 */
import t from 'tap';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync, strToU8 } from 'fflate';
import { GedzipError, isZip, parseGedcom, readGedzip } from '../src/index.js';

const corpus = process.env.ROOTLINE_CORPUS ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/corpus');
const GED = strToU8('0 HEAD\n1 GEDC\n2 VERS 7.0\n0 TRLR\n');

t.test('gedcom.ged apart, every other file by its path', async (t) => {
  const zip = zipSync({ 'gedcom.ged': GED, 'photos/a.jpg': new Uint8Array([1, 2]), 'photos/': {}, 'b.pdf': new Uint8Array([3]) });
  const { gedcom, files } = readGedzip(zip);
  t.same(gedcom, GED);
  t.same([...files.keys()].sort(), ['b.pdf', 'photos/a.jpg'], 'folders left out');
  t.same(files.get('photos/a.jpg'), new Uint8Array([1, 2]));
});

t.test('backslashes become slashes; one .ged under another name is the GEDCOM', async (t) => {
  const { gedcom, files } = readGedzip(zipSync({ 'Tree/Family.GED': GED, 'media\\x.png': new Uint8Array([9]) }));
  t.same(gedcom, GED);
  t.same([...files.keys()], ['media/x.png']);
});

t.test('not a GEDZIP: thrown as GedzipError with a reason', async (t) => {
  t.throws(() => readGedzip(GED), { name: 'GedzipError', message: /not a ZIP/ });
  t.throws(() => readGedzip(zipSync({ 'a.jpg': new Uint8Array([1]) })), { message: 'the GEDZIP has no gedcom.ged' });
  t.throws(() => readGedzip(zipSync({ 'a.ged': GED, 'b.ged': GED })), { message: /no gedcom.ged but 2 other/ });
  const broken = zipSync({ 'gedcom.ged': GED }).slice(0, 40);
  t.throws(() => readGedzip(broken), GedzipError);
  t.throws(() => readGedzip(broken), { message: /not a readable ZIP/ });
});

t.test('isZip: the two ZIP signatures only', async (t) => {
  t.ok(isZip(new Uint8Array([0x50, 0x4b, 3, 4])));
  t.ok(isZip(new Uint8Array([0x50, 0x4b, 5, 6])));
  for (const bytes of [[0x50, 0x4b, 3], [0x50, 0x4b, 7, 8], [0x50, 0x4b, 3, 5], [0x50, 0x4b, 5, 4], [0x51, 0x4b, 3, 4], [0x50, 0x4c, 3, 4], [0x30, 0x20, 0x48, 0x45]]) {
    t.notOk(isZip(new Uint8Array(bytes)), bytes.join(' '));
  }
});

for (const name of ['minimal70.gdz', 'maximal70.gdz']) {
  const path = `${corpus}/gedcom70-official/gedcom70/${name}`;
  if (!existsSync(path)) {
    t.skip(`${name}: not found at ${path} (set ROOTLINE_CORPUS to run it)`, async () => {});
    continue;
  }
  t.test(`corpus ${name}: the GEDCOM reads as 7.0, the media files the FILE lines name are there`, async (t) => {
    const { gedcom, files } = readGedzip(readFileSync(path));
    const { header, records, issues } = parseGedcom(gedcom);
    t.equal(header.version, '7.0');
    t.same(issues.filter((issue) => issue.severity === 'error'), []);
    const named = records.flatMap(function fileLines(node): string[] {
      return [...(node.tag === 'FILE' && node.value ? [node.value] : []), ...node.children.flatMap(fileLines)];
    });
    const local = named.filter((file) => !/^[a-z]+:/i.test(file));
    // FILE payloads are URI references: `Bront%C3%AB.jpg` is the entry `Brontë.jpg`.
    t.same(local.filter((file) => !files.has(decodeURIComponent(file))), [], `every local FILE is in the archive (${[...files.keys()].join(', ') || 'none'})`);
  });
}
