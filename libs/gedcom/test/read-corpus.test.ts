/**
 * The shared GEDCOM corpus (`../shared/corpus` from the repository root, or
 * $ROOTLINE_CORPUS): real files nobody here wrote. Every file reads without throwing; the
 * real files give as many INDI records as a byte-level count of their lines; the same tree
 * in different encodings gives the same names; the malformed files give their issues.
 *
 * Last run: 111 files, none refused. real/royal92.ged declares ANSEL but has no byte
 * above 0x7F (its accents were written as plain letters), so the ANSEL assertions use the
 * torture tests and gedcom-go's ansel-lf.ged, which have every ANSEL character.
 */
import t from 'tap';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseGedcom, readGedcom, readGedzip, type GedcomIssue, type GedcomNode } from '../src/index.js';

const root = process.env.ROOTLINE_CORPUS ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/corpus');

function find(dir: string, name: RegExp): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return find(path, name);
    return name.test(entry) ? [path] : [];
  });
}

const read = (path: string) => parseGedcom(readFileSync(join(root, path)));
const codes = (issues: GedcomIssue[]) => issues.map((issue) => `${issue.code}@${issue.line}`);
const all = (nodes: GedcomNode[]): GedcomNode[] => nodes.flatMap((node) => [node, ...all(node.children)]);
const valuesOf = (nodes: GedcomNode[], tags: string[]) => all(nodes).filter((node) => tags.includes(node.tag)).map((node) => node.value ?? '');
const byXref = (records: GedcomNode[], xref: string) => records.find((record) => record.xref === xref) as GedcomNode;

if (!existsSync(root)) {
  t.skip(`GEDCOM corpus not found at ${root} (set ROOTLINE_CORPUS to run these tests)`, async () => {});
} else {
  t.test('every file reads, streaming and at once, to the same records', async (t) => {
    const files = find(root, /\.(ged|gdz)$/i);
    t.ok(files.length >= 100, `${files.length} files`);
    for (const path of files) {
      const bytes = readFileSync(path);
      const gedcom = path.endsWith('.gdz') ? readGedzip(bytes).gedcom : bytes;
      const whole = parseGedcom(gedcom);
      const streamed: GedcomNode[] = [];
      for await (const record of readGedcom(gedcom).records) streamed.push(record);
      const name = path.slice(root.length + 1);
      t.ok(whole.records.length > 0 && !whole.issues.some((issue) => issue.code === 'not-gedcom'), `${name}: ${whole.records.length} records`);
      t.equal(streamed.length, whole.records.length, `${name}: streamed`);
    }
  });

  t.test('real files: INDI records as many as `0 @x@ INDI` lines in the bytes', async (t) => {
    for (const [name, persons] of [['royal92', 3010], ['pres2020', 2322], ['kennedy', 208], ['bach', 33], ['bourbon', 303]] as const) {
      const path = `real/${name}.ged`;
      if (!existsSync(join(root, path))) continue;
      const lines = readFileSync(join(root, path)).toString('latin1').split(/\r\n|\r|\n/);
      const counted = lines.filter((line) => /^(\uFEFF|\u00EF\u00BB\u00BF)?\s*0\s+@[^@]+@\s+INDI\s*$/.test(line)).length;
      const { records, issues } = read(path);
      t.equal(records.filter((record) => record.tag === 'INDI').length, counted, `${name}: ${counted}`);
      t.equal(counted, persons, `${name}: the count PROVENANCE.md gives`);
      t.same(issues.filter((issue) => issue.severity === 'error'), [], `${name}: no errors`);
    }
  });

  t.test('royal92: ANSEL declared, HEAD without GEDC, plain ASCII read cleanly', async (t) => {
    const { header, records, issues } = read('real/royal92.ged');
    t.same([header.encoding, header.declaredCharset, header.version, header.sourceSystem], ['ansel', 'ANSEL', undefined, 'PAF 2.2']);
    t.same(codes(issues), ['unknown-version@1']);
    t.ok(valuesOf(records, ['NAME']).includes('Victoria  /Hanover/'), 'Queen Victoria is there');
  });

  t.test('pres2020: UTF-8 with BOM, extension tags kept as nodes', async (t) => {
    const { header, records } = read('real/pres2020.ged');
    t.equal(header.encoding, 'utf-8');
    const extensions = new Set(all(records).filter((node) => node.tag.startsWith('_')).map((node) => node.tag));
    t.ok(extensions.size >= 3, [...extensions].join(' '));
  });

  t.test('gedcom-go encodings: the same names in UTF-8, UTF-8 with BOM, UTF-16LE and UTF-16BE', async (t) => {
    const names = (file: string) => valuesOf(read(`gedcom-go/encoding/${file}`).records, ['NAME', 'GIVN', 'SURN']);
    const expected = names('utf8-bom.ged');
    t.ok(expected.includes('Robert Eugene /Williams/'));
    t.same(names('utf16le.ged'), expected);
    t.same(names('utf16be.ged'), expected);
    t.same(valuesOf(read('gedcom-go/encoding/utf8-unicode.ged').records, ['GIVN', 'SURN']).slice(0, 4), ['François', 'Müller', 'José', 'García']);
  });

  t.test('gedcom-go encodings: ANSEL gives the characters the UTF-8 twin has', async (t) => {
    const ansel = read('gedcom-go/encoding/ansel-lf.ged');
    const utf8 = read('gedcom-go/encoding/utf8-nobom-lf.ged');
    t.same(codes(ansel.issues), []);
    const inParens = (records: GedcomNode[], xref: string) => valuesOf([byXref(records, xref)], ['PLAC']).join(', ').match(/\((.)\)/gu);
    for (const child of ['CHILD0', 'CHILD1', 'CHILD2', 'CHILD3']) t.same(inParens(ansel.records, child), inParens(utf8.records, child), `${child}: special characters`);
    // Children with a combining mark: UTF-8 lists the letters that have a precomposed form.
    const marked = utf8.records.filter((record) => /^code: [0-9A-F]{4}\//.test(valuesOf([record], ['NAME'])[0] ?? ''));
    t.ok(marked.length >= 20, `${marked.length} marks`);
    for (const person of marked) {
      const code = /code: ([0-9A-F]{4})/.exec(valuesOf([person], ['NAME'])[0])?.[1] as string;
      const twin = ansel.records.find((record) => valuesOf([record], ['NAME'])[0]?.includes(`, ${code})`)) as GedcomNode;
      const anselText = valuesOf([twin], ['PLAC']).join('');
      const letters = valuesOf([person], ['PLAC'])[1];
      // U+0332: the twin lists letters with U+0331 (macron below, which has precomposed forms);
      // ANSEL F6 is U+0332 (underscore) by the MARC-8 table, which composes with nothing.
      if (letters === '- none -' || code === '0332') continue;
      const missing = [...letters.replaceAll(',', '')].filter((letter) => !anselText.includes(letter));
      t.same(missing, [], `U+${code}: every precomposed letter`);
    }
  });

  t.test('gedcom-go encodings: CP1252 ("ANSI") and CP437 ("IBMPC") accents', async (t) => {
    const ansi = read('gedcom-go/encoding/ansi-cp1252-ftm17.ged');
    t.same([ansi.header.encoding, codes(ansi.issues)], ['cp1252', []]);
    const text = valuesOf(ansi.records, ['NOTE', 'TEXT', 'PAGE']).join('\n');
    for (const word of ['La Coruña', 'León', '£5.99']) t.ok(text.includes(word), word);
    const dos = read('gedcom-go/encoding/ibmpc-cp437-broskeep.ged');
    t.equal(dos.header.encoding, 'cp437');
    t.ok(valuesOf(dos.records, ['NOTE']).join('\n').includes('John C. Frémont'));
    t.equal(read('gedcom-go/encoding/ibm-windows-easytree.ged').header.encoding, 'cp1252');
  });

  t.test('torture tests: CR-only and LF files read the same; every ANSEL letter', async (t) => {
    const cr = read('torture55/TGC55C.ged');
    const lf = read('torture55/TGC55CLF.ged');
    t.same(cr.records, lf.records);
    t.same(cr.issues, lf.issues);
    const accented = byXref(lf.records, 'N24').value as string;
    // Each mark is written before every letter A-M: in Unicode it follows, composed where it can be.
    const row = (mark: string) => [...'ABCDEFGHIJKLM'].map((letter) => letter + mark).join('').normalize('NFC');
    for (const mark of ['\u0300', '\u0301', '\u0308', '\u0327', '\u0328', '\u030c']) t.ok(accented.includes(`     ${row(mark)}\n`), row(mark));
    for (const letter of ['À', 'É', 'Ä', 'Ç', 'Ą', 'Č', 'Å', 'Ő']) t.ok(accented.includes(letter), letter);
    const special = byXref(lf.records, 'N25').value as string;
    for (const line of ['A1 slash l - uppercase (Ł)', 'B9 british pound (£)', 'CF es zet (ß)', 'BE empty box - LDS extension (□)']) t.ok(special.includes(line), line);
    t.match(lf.records[0].children.find((node) => node.tag === 'COPR')?.value, /^© 1997 by H. Eichmann, parts © 1999-2000/);
  });

  t.test('official escapes.ged: only a leading @@ is an escape in 7.0', async (t) => {
    const { records } = read('gedcom70-official/gedcom70/escapes.ged');
    t.equal(byXref(records, 'I1').children[1].value, 'me@example.com is an example email address.\n@me and @I are example social media handles.\n@@@@ has four @ characters where only the first is escaped.');
    t.same(['N01', 'N05', 'N07', 'N19'].map((xref) => byXref(records, xref).value), ['@ one leading', 'doubled @@ internal has two @ characters, not escaped', 'single @ internal', '@ at at front and @ inside line and \n@ at after CONT and @ inside CONT\'s line too.']);
  });

  t.test('gedcom7code: @ in 5.5.1, xref case and spaces, UTF-16 files', async (t) => {
    const five = read('gedcom7code/5/atsign.ged').records;
    t.same(['N01', 'N03', 'N05', 'N09', 'N18'].map((xref) => byXref(five, xref).value), ['@ one leading', '@ two leading', 'doubled @ internal', '@#DJULIAN@date escape zero spaces', '@all in @one@thing @#DWITH DATES@ , @#OBSOLETE@ etc']);
    t.equal(byXref(five, 'N19').value, '@ at at front and @ at after CONC and \n@ at after CONT and @ inside CONT too.');
    const xrefs = read('gedcom7code/5/xref-case.ged');
    t.same(xrefs.records.slice(1).map((record) => record.xref), ['TEST', 'NoTe', 'NoTe ref']);
    t.same(xrefs.records[1].children.filter((node) => node.tag === 'NOTE').map((node) => node.pointer), ['NoTe', 'NoTe ref']);
    t.same(codes(xrefs.issues), ['xref-format@12', 'xref-format@13']);
    for (const file of ['char_utf16le-1', 'char_utf16le-2', 'char_utf16be-1', 'char_utf16be-2']) {
      const { header, records } = read(`gedcom7code/5/${file}.ged`);
      t.equal(header.encoding, file.includes('le') ? 'utf-16le' : 'utf-16be', file);
      t.match(records[0].children.find((node) => node.tag === 'NOTE')?.value, /^UTF-16[LB]E with(out)? BOM: ¶ ☺ 𒍅$/, file);
    }
  });

  t.test('gedcom-go malformed files: their issues, never a throw', async (t) => {
    const expected: Record<string, string[]> = {
      'blank-lines': ['blank-line@15', 'blank-line@17', 'blank-line@20'],
      'circular-reference': [],
      'duplicate-xref': ['duplicate-xref@8', 'duplicate-xref@11', 'duplicate-xref@16'],
      'invalid-level': ['level-jump@6'],
      'invalid-xref': [],
      'level-jump-skip': ['level-jump@8'],
      'level-jump-subordinate': ['level-jump@10'],
      'level-over-99': ['bad-level@17', 'bad-level@18'],
      'missing-header': ['no-head@1'],
      'missing-xref': [],
      'unterminated-xref': ['bad-xref@4'],
    };
    for (const [name, issues] of Object.entries(expected)) t.same(codes(read(`gedcom-go/malformed/${name}.ged`).issues), issues, name);
    t.equal(byXref(read('gedcom-go/malformed/unterminated-xref.ged').records, 'I1').children[0].value, 'John /Doe/');
  });
}
