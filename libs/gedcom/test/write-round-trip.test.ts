/**
 * parse -> write -> parse gives the same records (HEAD aside, which the writer makes), for
 * hand-made trees with the hard cases and for corpus files; written 7.0 files validate.
 */
import t from 'tap';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseGedcom, validateGedcom, type GedcomNode, type WriteOptions } from '../src/index.js';
import { parsed, withoutLines, written } from './fixtures/validate/round-trip.js';

const tricky = (version: '7.0' | '5.5.1') => [
  '0 @I1@ INDI',
  '1 NAME Ann /Lee/',
  '1 NOTE @@ at the start, a@b inside,',
  '2 CONT @@ again on a CONT line',
  '2 CONT',
  '2 CONT   leading and trailing spaces   ',
  `2 CONT ${'long text with spaces and ü and \u{1F600} '.repeat(20).trim()}`,
  '1 SEX F',
  '1 FAMS @F1@',
  '0 @F1@ FAM',
  '1 WIFE @I1@',
  version === '7.0' ? '1 MARR Y' : '1 MARR',
  version === '7.0' ? '2 DATE JULIAN 1 JAN 1700' : '2 DATE @#DJULIAN@ 1 JAN 1700',
].join('\n');

/** In 5.5.1 every @ of text is doubled. */
const as551 = (text: string) => text.replace(/^(\d NOTE|\d CONT) (.*)$/gm, (_, tag: string, rest: string) => `${tag} ${rest.replace(/@@/g, '@').replace(/@/g, '@@')}`);

for (const version of ['7.0', '5.5.1'] as const) {
  t.test(`${version}: hard cases survive a round trip`, async (t) => {
    const head = version === '7.0' ? '0 HEAD\n1 GEDC\n2 VERS 7.0\n' : '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n2 FORM LINEAGE-LINKED\n1 CHAR UTF-8\n';
    const body = version === '7.0' ? tricky(version) : as551(tricky(version));
    const first = parsed(`${head}${body}\n0 TRLR\n`).filter((r) => r.tag !== 'HEAD');
    t.match(first[0].children[1].value, /^@ at the start, a@b inside,\n@ again/, 'the input was read as meant');
    const text = await written(first, { version });
    const again = parsed(text).filter((r) => r.tag !== 'HEAD');
    t.same(again.map(withoutLines), first.map(withoutLines));
    if (version === '5.5.1') t.ok(text.split('\n').every((line) => line.length + 1 <= 255), 'every line within 255');
    else t.notOk(/ CONC /.test(text), 'no CONC in 7.0');
  });
}

const root = process.env.ROOTLINE_CORPUS ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/corpus');
const files: [string, WriteOptions['version']][] = [
  ['gedcom70-official/gedcom70/maximal70.ged', '7.0'],
  ['gedcom70-official/gedcom70/escapes.ged', '7.0'],
  ['gedcom70-official/gedcom70/notes-1.ged', '7.0'],
  ['gedcom70-official/gedcom70/long-url.ged', '7.0'],
  ['gedcom70-official/gedcom70/extensions.ged', '7.0'],
  ['real/kennedy.ged', '5.5.1'],
  ['real/royal92.ged', '5.5.1'],
  ['real/pres2020.ged', '5.5.1'],
  ['torture55/TGC55C.ged', '5.5.1'],
];

if (!existsSync(root)) {
  t.skip(`GEDCOM corpus not found at ${root} (set ROOTLINE_CORPUS to run these tests)`, async () => {});
} else {
  for (const [file, version] of files) {
    const path = join(root, file);
    if (!existsSync(path)) {
      t.skip(`${file}: not in the corpus`, async () => {});
      continue;
    }
    t.test(`${file}: parse -> write ${version} -> parse gives the same records`, async (t) => {
      const { header, records } = parseGedcom(readFileSync(path));
      const content = records.filter((r: GedcomNode) => r.tag !== 'HEAD');
      const text = await written(content, { version, schema: header.schema });
      t.same(parsed(text).filter((r) => r.tag !== 'HEAD').map(withoutLines), content.map(withoutLines));
      if (version === '7.0') {
        const report = await validateGedcom(new TextEncoder().encode(text));
        t.same(report.errors, [], 'the written file validates');
      }
    });
  }
}
