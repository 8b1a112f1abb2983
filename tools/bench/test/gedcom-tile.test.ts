import t from 'tap';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renameLine, splitHead, writeTiledGedcom } from '../src/gedcom-tile.js';

const SMALL = [
  '\uFEFF0 HEAD',
  '1 GEDC',
  '2 VERS 5.5.1',
  '0 @I1@ INDI',
  '1 NAME John /Smith/',
  '1 FAMS @F1@',
  '1 NOTE See @I2@ in the register',
  '0 @I2@ INDI',
  '1 FAMS @F1@',
  '0  @F1@ FAM',
  '1 HUSB @I1@',
  '1 WIFE @I2@',
  '1 CHIL @VOID@',
  '0 TRLR',
  '',
].join('\r\n');

t.test('a record line and a pointer line are renamed; text mentioning an xref is not', async (t) => {
  t.equal(renameLine('0 @I1@ INDI', 'T2_'), '0 @T2_I1@ INDI');
  t.equal(renameLine('0  @F1@ FAM', 'T2_'), '0  @T2_F1@ FAM');
  t.equal(renameLine('1 FAMS @F1@', 'T2_'), '1 FAMS @T2_F1@');
  t.equal(renameLine('1 NOTE See @I2@ in the register', 'T2_'), '1 NOTE See @I2@ in the register');
  t.equal(renameLine('1 CHIL @VOID@', 'T2_'), '1 CHIL @VOID@', 'the null pointer stays null');
  t.equal(renameLine('1 NAME John /Smith/', 'T2_'), '1 NAME John /Smith/');
});

t.test('HEAD is kept apart, TRLR and blank lines dropped, the BOM removed', async (t) => {
  const { head, body } = splitHead(SMALL);
  t.same(head, ['0 HEAD', '1 GEDC', '2 VERS 5.5.1']);
  t.equal(body[0], '0 @I1@ INDI');
  t.notOk(body.some((line) => line.includes('TRLR')));
  t.equal(body.length, 10);
});

t.test('a tiled file has one HEAD, one TRLR, every record once per copy, and no pointer left dangling', async (t) => {
  const dir = t.testdir();
  const file = join(dir, 'tiled.ged');
  const bytes = await writeTiledGedcom(SMALL, 3, file);
  const text = readFileSync(file, 'utf8');
  t.equal(bytes, Buffer.byteLength(text));
  t.equal(text.match(/^0 HEAD$/gm)?.length, 1);
  t.ok(text.endsWith('0 TRLR\n'));
  t.equal(text.match(/^0 @[^@]+@ INDI$/gm)?.length, 6);
  const defined = new Set([...text.matchAll(/^\s*0\s+@([^@]+)@/gm)].map((m) => m[1]));
  t.equal(defined.size, 9, 'three records in each of three copies, all distinct');
  const pointed = [...text.matchAll(/^\s*[1-9]\d*\s+\S+\s+@([^@]+)@$/gm)].map((m) => m[1]).filter((x) => x !== 'VOID');
  t.ok(pointed.length === 12 && pointed.every((x) => defined.has(x)), 'every pointer names a record of its own copy');
  t.match(text, /@T2_F1@ FAM\n1 HUSB @T2_I1@/);
});
