/**
 * Family Tree Maker's chosen photo (`1 _PHOTO @M1@`, 101 in pres2020.ged), once reported
 * "extension tag not mapped": the media object is kept as depicting the individual, as an OBJE
 * link is, and the export points the INDI at it.
 */
import t from 'tap';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gedcom, imported } from './helpers.js';
import { exported, exportServer } from './export-fixture.js';

const FILE = gedcom(
  '5.5.1',
  '0 @I1@ INDI', '1 NAME Ann /Lee/', '1 DEAT', '2 DATE 1920', '1 _PHOTO @M1@',
  '0 @I2@ INDI', '1 NAME Tom /Lee/', '1 DEAT', '2 DATE 1930', '1 _PHOTO @M1@', '1 OBJE @M1@', '1 _PHOTO @M9@',
  '0 @M1@ OBJE', '1 FILE ann.jpg', '2 FORM jpg',
);

/** The lines of the INDI record of `name`, as exported. */
function individual(text: string, name: string): string[] {
  const lines = text.split('\n');
  const at = lines.findIndex((line, index) => line === `1 NAME ${name}` && lines[index - 1].startsWith('0 @'));
  const end = lines.findIndex((line, index) => index > at && line.startsWith('0 '));
  return lines.slice(at - 1, end);
}

t.test('a chosen photo is a photo depicting the person: kept, reported so, written back as OBJE', async (t) => {
  const s = await exportServer(t);
  const { items } = await imported(t, FILE, s);
  t.same(items.filter((item) => item.path === 'INDI._PHOTO').map((item) => `${item.count} ${item.reason}${item.kept ? ' (kept)' : ''}`).sort(), [
    '1 points to no media record (@M9@)',
    '2 kept as a photo depicting the person (as its OBJE); which photo is the chosen one is not kept (kept)',
  ]);
  const { text } = await exported(s, { version: '7.0', include_living: true });
  const ann = individual(text, 'Ann /Lee/');
  const tom = individual(text, 'Tom /Lee/');
  t.equal(ann.filter((line) => /^1 OBJE @/.test(line)).length, 1, 'Ann, who had only the chosen photo, points at it');
  t.equal(tom.filter((line) => /^1 OBJE @/.test(line)).length, 1, 'Tom, who had it twice (chosen and OBJE), points at it once');
  t.notOk(text.includes('_PHOTO'), 'no _PHOTO written: which was chosen is not kept');
});

const pres2020 = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/corpus/real/pres2020.ged');

t.test('pres2020.ged: its 101 chosen photos are kept, none reported lost', { skip: existsSync(pres2020) ? false : `${pres2020} not found` }, async (t) => {
  const { items } = await imported(t, readFileSync(pres2020));
  const photos = items.filter((item) => item.path === 'INDI._PHOTO');
  t.same(photos.map((item) => [item.count, item.kept ?? false]), [[101, true]]);
});
