/**
 * The writer: HEAD and TRLR, levels, xrefs and pointers, CONT for line breaks, `@` escaping
 * per version, CONC splitting for 5.5.1 (limit, surrogate pairs, spaces), chunking.
 */
import t from 'tap';
import { writeGedcom, type GedcomNode, type WriteOptions } from '../src/index.js';
import { parsed } from './fixtures/validate/round-trip.js';

const n = (tag: string, value?: string, children: GedcomNode[] = [], extra: Partial<GedcomNode> = {}): GedcomNode => ({
  level: 99, tag, value, line: 0, children, ...extra,
});

async function text(records: Iterable<GedcomNode> | AsyncIterable<GedcomNode>, options: WriteOptions): Promise<string> {
  let out = '';
  for await (const chunk of writeGedcom(records, options)) out += chunk;
  return out;
}

/** The lines between HEAD and TRLR. */
const body = async (records: GedcomNode[], options: WriteOptions) => {
  const lines = (await text(records, options)).split('\n');
  return lines.slice(lines.findIndex((l, i) => i > 0 && l.startsWith('0 ')), -2);
};

t.test('7.0 header: GEDC.VERS, SCHMA tags sorted, SOUR with VERS, then TRLR and a final LF', async (t) => {
  const out = await text([], { version: '7.0', sourceSystem: { name: 'ROOTLINE', version: '1.2' }, schema: { _Z: 'https://z.example/', _A: 'https://a.example/' } });
  t.equal(out, [
    '0 HEAD', '1 GEDC', '2 VERS 7.0', '1 SCHMA', '2 TAG _A https://a.example/', '2 TAG _Z https://z.example/',
    '1 SOUR ROOTLINE', '2 VERS 1.2', '0 TRLR', '',
  ].join('\n'));
});

t.test('7.0 header without options has only GEDC.VERS; no SCHMA for an empty schema', async (t) => {
  t.equal(await text([], { version: '7.0', schema: {} }), '0 HEAD\n1 GEDC\n2 VERS 7.0\n0 TRLR\n');
});

t.test('5.5.1 header: GEDC.VERS and FORM, SOUR (Rootline by default), SUBM, CHAR UTF-8; never SCHMA', async (t) => {
  t.equal(await text([], { version: '5.5.1', schema: { _A: 'https://a.example/' }, submitter: 'U1' }), [
    '0 HEAD', '1 GEDC', '2 VERS 5.5.1', '2 FORM LINEAGE-LINKED', '1 SOUR Rootline', '1 SUBM @U1@', '1 CHAR UTF-8', '0 TRLR', '',
  ].join('\n'));
  t.match(await text([], { version: '5.5.1', sourceSystem: { name: 'X' } }), /\n1 SOUR X\n1 CHAR UTF-8\n/);
});

t.test('levels come from the tree, xrefs only on records, pointers as @X@, HEAD/TRLR records skipped', async (t) => {
  const indi = n('INDI', undefined, [n('NAME', 'Ann /Lee/', [n('GIVN', 'Ann')]), n('FAMS', undefined, [], { pointer: 'F1' })], { xref: 'I1' });
  const stray = n('NOTE', 'x', [], { xref: 'N9' });
  const lines = await body([n('HEAD'), indi, n('FAM', undefined, [n('HUSB', undefined, [], { pointer: 'VOID' }), stray], { xref: 'F1' }), n('TRLR')], { version: '7.0' });
  t.same(lines, ['0 @I1@ INDI', '1 NAME Ann /Lee/', '2 GIVN Ann', '1 FAMS @F1@', '0 @F1@ FAM', '1 HUSB @VOID@', '1 NOTE x']);
});

t.test('line breaks become CONT lines (CRLF and CR too), empty lines bare, an empty first line leaves the tag alone', async (t) => {
  const lines = await body([n('SNOTE', 'one\r\ntwo\n\nthree\rfour', [], { xref: 'N1' }), n('SNOTE', '\nx', [], { xref: 'N2' })], { version: '7.0' });
  t.same(lines, ['0 @N1@ SNOTE one', '1 CONT two', '1 CONT', '1 CONT three', '1 CONT four', '0 @N2@ SNOTE', '1 CONT x']);
  const crOnly = await body([n('NOTE', 'old Mac\rline', [], { xref: 'N3' })], { version: '5.5.1' });
  t.same(crOnly, ['0 @N3@ NOTE old Mac', '1 CONT line'], 'a lone CR (old Mac files) too');
});

t.test('7.0 doubles only a leading @ of each payload line; pointers are not escaped', async (t) => {
  const lines = await body([n('SNOTE', '@home a@b\n@x', [], { xref: 'N1' })], { version: '7.0' });
  t.same(lines, ['0 @N1@ SNOTE @@home a@b', '1 CONT @@x']);
});

t.test('5.5.1 doubles every @ but keeps date escapes like @#DJULIAN@', async (t) => {
  const lines = await body([n('INDI', undefined, [n('NOTE', 'a@b @c\n@'), n('BIRT', undefined, [n('DATE', '@#DJULIAN@ 1 JAN 1700')])], { xref: 'I1' })], { version: '5.5.1' });
  t.same(lines, ['0 @I1@ INDI', '1 NOTE a@@b @@c', '2 CONT @@', '1 BIRT', '2 DATE @#DJULIAN@ 1 JAN 1700']);
});

t.test('7.0 never writes CONC, however long the line', async (t) => {
  const long = 'word '.repeat(200).trim();
  const lines = await body([n('SNOTE', long, [], { xref: 'N1' })], { version: '7.0', maxLineLength: 20 });
  t.same(lines, [`0 @N1@ SNOTE ${long}`]);
});

t.test('5.5.1 CONC: every line within the limit (terminator included), pieces join back to the text', async (t) => {
  const long = 'abcdefghij'.repeat(60);
  for (const limit of [255, 40, 21]) {
    const out = await text([n('SNOTE', long, [], { xref: 'N1' })], { version: '5.5.1', maxLineLength: limit });
    const lines = out.split('\n').slice(0, -1);
    t.ok(lines.every((l) => l.length + 1 <= limit), `limit ${limit}`);
    t.ok(lines.some((l) => l.length + 1 === limit), `limit ${limit}: lines use the whole room`);
    t.equal(parsed(out).find((r) => r.tag === 'SNOTE')?.value, long, `limit ${limit}: joins back`);
  }
  const exact = await body([n('NOTE', 'x'.repeat(255 - '0 NOTE \n'.length), [], {})], { version: '5.5.1' });
  t.equal(exact.length, 1, 'a line exactly at the limit is not split');
  const over = await body([n('NOTE', 'x'.repeat(256 - '0 NOTE \n'.length), [], {})], { version: '5.5.1' });
  t.same(over.map((l) => l.length), [254, 8], 'one character over: a one-character CONC');
  t.equal(over[1], '1 CONC x');
});

t.test('5.5.1 CONC never cuts next to a space when a cut elsewhere fits, nor inside a surrogate pair or @@', async (t) => {
  const options: WriteOptions = { version: '5.5.1', maxLineLength: 20 };
  // '0 @N1@ NOTE ' + piece + '\n' <= 20: 7 units of room in the first line
  const spaced = await body([n('NOTE', 'abcdef ghij', [], { xref: 'N1' })], options);
  t.same(spaced, ['0 @N1@ NOTE abcde', '1 CONC f ghij']);
  t.notOk(spaced.some((l) => / $/.test(l) || /CONC {2}/.test(l)), 'no piece ends or starts with a space');
  const emoji = await body([n('NOTE', 'abcdef\u{1F600}xyz', [], { xref: 'N1' })], options);
  t.same(emoji, ['0 @N1@ NOTE abcdef', '1 CONC \u{1F600}xyz']);
  const at = await body([n('NOTE', 'abcdef@xyz', [], { xref: 'N1' })], options);
  t.same(at, ['0 @N1@ NOTE abcdef', '1 CONC @@xyz']);
  const fills = await body([n('NOTE', 'abcde@', [], { xref: 'N1' })], options);
  t.same(fills, ['0 @N1@ NOTE abcde@@'], 'an escaped text that fills the line exactly: no empty CONC after it');
  // '1 CONC ' + piece + '\n' <= 20: 12 units of room in a CONC line
  const fillsConc = await body([n('NOTE', `abcdef@${'x'.repeat(10)}`, [], { xref: 'N1' })], options);
  t.same(fillsConc, ['0 @N1@ NOTE abcdef', `1 CONC @@${'x'.repeat(10)}`], 'a CONC piece that fills its line exactly is the last');
  const spaces = await body([n('NOTE', 'a         b', [], { xref: 'N1' })], options);
  t.same(spaces, ['0 @N1@ NOTE a      ', '1 CONC    b'], 'a run of spaces longer than the room is cut where it must be');
});

t.test('5.5.1 long CONT lines are continued by CONC lines at the same level as the CONT', async (t) => {
  const lines = await body([n('NOTE', `short\n${'y'.repeat(30)}`, [], { xref: 'N1' })], { version: '5.5.1', maxLineLength: 20 });
  t.same(lines, ['0 @N1@ NOTE short', '1 CONT yyyyyyyyyyyy', '1 CONC yyyyyyyyyyyy', '1 CONC yyyyyy']);
});

t.test('large outputs come in several chunks that concatenate to the whole file', async (t) => {
  async function* people() {
    for (let i = 0; i < 3000; i++) yield n('INDI', undefined, [n('NAME', `Person ${i} /Family/`)], { xref: `I${i}` });
  }
  const chunks: string[] = [];
  for await (const chunk of writeGedcom(people(), { version: '7.0' })) chunks.push(chunk);
  t.ok(chunks.length > 1, `${chunks.length} chunks`);
  t.ok(chunks.slice(0, -1).every((c) => c.length >= 64 * 1024), 'no tiny chunks');
  const whole = chunks.join('');
  t.equal(parsed(whole).filter((r) => r.tag === 'INDI').length, 3000);
  t.ok(whole.endsWith('0 @I2999@ INDI\n1 NAME Person 2999 /Family/\n0 TRLR\n'));
});
