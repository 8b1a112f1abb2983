/**
 * parseGedcom on small hand-written files: the structure a reader builds, and each
 * tolerance rule with the issue (code and line) it reports.
 */
import t from 'tap';
import { parseGedcom, type GedcomIssue, type GedcomNode } from '../src/index.js';

const HEAD55 = '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR UTF-8\n';
const HEAD70 = '0 HEAD\n1 GEDC\n2 VERS 7.0\n';
const read = (text: string) => parseGedcom(Buffer.from(text, 'utf8'));
const codes = (issues: GedcomIssue[]) => issues.map((issue) => `${issue.code}@${issue.line}`);
/** A node and its substructures as `TAG value` lines, indented by level, for compact assertions. */
const outline = (node: GedcomNode): string[] => [
  `${'  '.repeat(node.level)}${node.xref ? `@${node.xref}@ ` : ''}${node.tag}${node.pointer ? ` -> ${node.pointer}` : ''}${node.value !== undefined ? ` ${JSON.stringify(node.value)}` : ''}`,
  ...node.children.flatMap(outline),
];

t.test('records: HEAD first, TRLR left out, substructures by level, line numbers', async (t) => {
  const { header, records, issues } = read(`${HEAD55}0 @I1@ INDI\n1 NAME John /Smith/\n2 GIVN John\n1 FAMS @F1@\n0 @F1@ FAM\n1 HUSB @I1@\n0 TRLR\n`);
  t.same(issues, []);
  t.same(records.map((r) => r.tag), ['HEAD', 'INDI', 'FAM']);
  t.same(outline(records[1]), ['@I1@ INDI', '  NAME "John /Smith/"', '    GIVN "John"', '  FAMS -> F1']);
  t.same([records[1].line, records[1].children[0].line, records[1].children[0].children[0].line, records[2].line], [5, 6, 7, 9]);
  t.equal(header.node, records[0]);
  t.equal(header.version, '5.5.1');
  t.equal(header.encoding, 'utf-8');
  t.equal(header.declaredCharset, 'UTF-8');
});

t.test('CONC and CONT fold into the value of any structure', async (t) => {
  const { records, issues } = read(`${HEAD55}0 @I1@ INDI\n1 NOTE first\n2 CONC  half\n2 CONT second\n2 CONT\n2 CONT fourth\n1 BIRT\n2 PLAC Lon\n3 CONC don\n3 CONT England\n0 @N1@ NOTE\n1 CONT starts empty\n0 TRLR\n`);
  t.same(issues, []);
  t.equal(records[1].children[0].value, 'first half\nsecond\n\nfourth');
  t.same(records[1].children[0].children, [], 'CONC/CONT leave no nodes');
  t.equal(records[1].children[1].children[0].value, 'London\nEngland');
  t.equal(records[2].value, '\nstarts empty');
});

t.test('CONT under a pointer stays a substructure (a value never sits beside a pointer)', async (t) => {
  const { records } = read(`${HEAD55}0 @I1@ INDI\n1 NOTE @N1@\n2 CONT oops\n0 TRLR\n`);
  t.same(outline(records[1]), ['@I1@ INDI', '  NOTE -> N1', '    CONT "oops"']);
});

t.test('@ escapes follow the version HEAD declares, on every line, CONT/CONC included', async (t) => {
  const body = '0 @I1@ INDI\n1 NOTE me@@example.com\n2 CONT @@me and @@@@@\n2 CONC @@x\n0 TRLR\n';
  t.equal(read(HEAD55 + body).records[1].children[0].value, 'me@example.com\n@me and @@@@x');
  t.equal(read(HEAD70 + body).records[1].children[0].value, 'me@@example.com\n@me and @@@@@@x');
  t.equal(read('0 HEAD\n1 NOTE a@@b\n1 GEDC\n2 VERS 7.0\n1 NOTE c@@d\n0 TRLR\n').records[0].children.map((c) => c.value).join(' '), 'a@b  c@@d', 'from the VERS line on');
  t.equal(read('0 HEAD\n0 @I1@ INDI\n1 NOTE a@@b\n0 TRLR\n').records[1].children[0].value, 'a@b', 'no version: the 5.5.1 rule');
});

t.test('line endings: LF, CRLF, CR alone and a mix read the same, and number lines the same', async (t) => {
  const lines = [...HEAD55.trimEnd().split('\n'), '0 @I1@ INDI', '1 NAME A', '0 TRLR'];
  const expected = read(lines.join('\n') + '\n');
  for (const [name, text] of [['CRLF', lines.join('\r\n') + '\r\n'], ['CR', lines.join('\r')], ['mixed', lines.map((l, i) => l + ['\r\n', '\r', '\n'][i % 3]).join('')]]) {
    const got = read(text);
    t.same(got.records, expected.records, name);
    t.same(got.issues, [], `${name}: no issues`);
  }
});

t.test('blank and whitespace-only lines are skipped and reported with their line', async (t) => {
  const { records, issues } = read(`${HEAD55}0 @I1@ INDI\n1 NAME A\n\n1 SEX M\n   \n\t\n0 TRLR\n\n\u001a`);
  t.same(codes(issues), ['blank-line@7', 'blank-line@9', 'blank-line@10'], 'not after TRLR, nor the DOS ^Z');
  t.same(outline(records[1]), ['@I1@ INDI', '  NAME "A"', '  SEX "M"']);
  t.equal(issues[0].severity, 'warning');
});

t.test('a level jump hangs under the last structure, one level down, and is reported', async (t) => {
  const { records, issues } = read(`${HEAD55}0 @I1@ INDI\n1 BIRT\n4 DATE 1900\n4 PLAC X\n1 DEAT\n3 PLAC Y\n4 NOTE deep\n1 SEX M\n0 TRLR\n`);
  t.same(codes(issues), ['level-jump@7', 'level-jump@8', 'level-jump@10']);
  t.match(issues[0], { severity: 'warning', message: /level 4 DATE under level 1 BIRT/ });
  t.same(outline(records[1]), ['@I1@ INDI', '  BIRT', '    DATE "1900"', '    PLAC "X"', '  DEAT', '    PLAC "Y"', '      NOTE "deep"', '  SEX "M"']);
});

t.test('lines that cannot be read are skipped with their line number', async (t) => {
  const { records, issues } = read(`${HEAD55}0 @I1@ INDI\n1 NAME A\nwrapped text of a note\n1NAME\n100 CONT too deep\n1 SEX F\n0 TRLR\n`);
  t.same(codes(issues), ['bad-line@7', 'bad-line@8', 'bad-level@9']);
  t.same(issues.map((i) => i.severity), ['error', 'error', 'error']);
  t.same(outline(records[1]), ['@I1@ INDI', '  NAME "A"', '  SEX "F"']);
});

t.test('no HEAD: records are still read, header has no node', async (t) => {
  const missing = read('0 @I1@ INDI\n1 NAME A\n0 TRLR\n');
  t.same(codes(missing.issues), ['no-head@1']);
  t.same(missing.records.map((r) => r.tag), ['INDI']);
  t.same(missing.header, { encoding: 'utf-8', schema: {} });
  const before = read(`junk\n${HEAD55}0 TRLR\n`);
  t.same(codes(before.issues), ['no-head@1', 'bad-line@1']);
  t.equal(before.header.version, '5.5.1', 'the HEAD after the junk still counts');
  t.same(codes(read('1 SOUR x\n0 HEAD\n0 TRLR\n').issues).slice(0, 2), ['no-head@1', 'orphan-line@1']);
  t.same(codes(read('   \n').issues), ['not-gedcom@1']);
});

t.test('missing TRLR or a file cut mid-record: what was read, and no-trlr', async (t) => {
  const { records, issues } = read(`${HEAD55}0 @I1@ INDI\n1 NAME A\n1 BIRT\n2 DA`);
  t.same(codes(issues), ['no-trlr@8']);
  t.same(outline(records[1]), ['@I1@ INDI', '  NAME "A"', '  BIRT', '    DA']);
  t.same(codes(read(`${HEAD55}0 TRLR`).issues), [], 'TRLR without a final newline is fine');
});

t.test('xrefs: duplicates, odd characters, unterminated, on a non-record line', async (t) => {
  const { records, issues } = read(`${HEAD55}0 @I1@ INDI\n0 @I1@ INDI\n0 @i 2@ INDI\n0 @I3 INDI\n1 @X@ NAME A\n0 TRLR\n`);
  t.same(codes(issues), ['duplicate-xref@6', 'xref-format@7', 'bad-xref@8', 'misplaced-xref@9']);
  t.same(issues.map((i) => i.severity), ['error', 'warning', 'warning', 'warning']);
  t.same(records.slice(1).map((r) => r.xref), ['I1', 'I1', 'i 2', 'I3'], 'all kept, as written');
  t.equal(records[4].children[0].xref, undefined);
  t.same(codes(read(`${HEAD55}0 @I_1@ INDI\n0 @F12@ FAM\n0 TRLR\n`).issues), [], 'A-Z, 0-9 and _ are plain');
});

t.test('lines outside records and CONC/CONT at level 0 are dropped and reported', async (t) => {
  const { records, issues } = read(`${HEAD55}0 CONT lost\n1 NAME lost too\n0 @I1@ INDI\n0 TRLR\n`);
  t.same(codes(issues), ['orphan-cont@5', 'orphan-line@6']);
  t.match(issues[1].message, /outside any record/);
  t.same(records.map((r) => r.tag), ['HEAD', 'INDI']);
});

t.test('lines after TRLR are read, reported once', async (t) => {
  const { records, issues } = read(`${HEAD55}0 TRLR\n0 @I1@ INDI\n1 NAME late\n0 TRLR\n`);
  t.same(codes(issues), ['after-trlr@6']);
  t.same(records.map((r) => r.tag), ['HEAD', 'INDI']);
});

t.test('loose spacing is reported once, at its first line', async (t) => {
  const { records, issues } = read(`${HEAD55}0  _PUBLISH\n  1 _X a\n0 TRLR\n`);
  t.same(codes(issues), ['loose-spacing@5']);
  t.same(outline(records[1]), ['_PUBLISH', '  _X "a"']);
});

t.test('a very long line is read whole', async (t) => {
  const long = 'x'.repeat(200_000);
  t.equal(read(`${HEAD55}0 @N1@ NOTE ${long}\n0 TRLR\n`).records[1].value, long);
});

t.test('header: version, source system, schema, charset', async (t) => {
  const head = read('0 HEAD\n1 SOUR PAF\n2 VERS 2.2\n1 GEDC\n2 VERS 7.0.14\n1 SCHMA\n2 TAG _SKYPEID http://xmlns.com/foaf/0.1/skypeID\n2 TAG _BAD\n0 TRLR\n').header;
  t.same([head.version, head.sourceSystem, head.schema], ['7.0', 'PAF', { _SKYPEID: 'http://xmlns.com/foaf/0.1/skypeID' }]);
  for (const [written, version] of [['5.5', '5.5'], ['5.5.1', '5.5.1'], ['5.5.5', '5.5.5'], ['7.0', '7.0'], [' 5.5.1 ', '5.5.1'], ['7.1', '7.0']]) {
    t.equal(read(`0 HEAD\n1 GEDC\n2 VERS ${written}\n0 TRLR\n`).header.version, version, written);
  }
  for (const written of ['4.0', '5.5.2', '7', 'seven']) {
    const { header, issues } = read(`0 HEAD\n1 GEDC\n2 VERS ${written}\n0 TRLR\n`);
    t.equal(header.version, undefined, written);
    t.same(codes(issues), ['unknown-version@3'], written);
  }
  const noGedc = read('0 HEAD\n1 SOUR PAF\n0 TRLR\n');
  t.same(codes(noGedc.issues), ['unknown-version@1']);
  t.match(noGedc.issues[0].message, /no GEDC\.VERS/);
  const odd = read('0 HEAD\n1 GEDC\n2 VERS 5.5.1\n1 CHAR KLINGON\n0 TRLR\n');
  t.same(codes(odd.issues), ['unknown-charset@4']);
  t.same([odd.header.encoding, odd.header.declaredCharset], ['utf-8', 'KLINGON']);
});

t.test('not GEDCOM: stops at once with not-gedcom at line 1', async (t) => {
  const binary = new Uint8Array(200_000).fill(7);
  binary.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 0);
  const png = parseGedcom(binary);
  t.same(codes(png.issues), ['not-gedcom@1']);
  t.same(png.records, []);
  t.match(png.issues[0], { severity: 'error', message: /NUL bytes/ });
  t.match(parseGedcom(Buffer.from('PK\u0003\u0004rest')).issues, [{ code: 'not-gedcom', message: /ZIP/ }]);
  t.match(read('Dear cousin,\nhere is our tree.\n').issues, [{ code: 'not-gedcom', message: /no GEDCOM line/ }]);
  t.match(parseGedcom(new Uint8Array(0)).issues, [{ code: 'not-gedcom', message: /empty/ }]);
  t.same(parseGedcom(new Uint8Array(0)).header, { encoding: 'utf-8', schema: {} });
});
