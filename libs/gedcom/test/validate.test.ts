/**
 * The validator, one rule per row: small GEDCOM texts read by the real reader, and the
 * errors and warnings (code and line) a user would see for each.
 */
import t from 'tap';
import { validateGedcom, validateRecords, type GedcomNode, type ValidationReport } from '../src/index.js';
import { ReportCollector } from '../src/validate/report.js';

const HEAD7 = '0 HEAD\n1 GEDC\n2 VERS 7.0\n';
const HEAD5 = '0 HEAD\n1 GEDC\n2 VERS 5.5.1\n2 FORM LINEAGE-LINKED\n1 SOUR T\n1 SUBM @U@\n1 CHAR UTF-8\n0 @U@ SUBM\n1 NAME U\n';
const bytes = (text: string) => new TextEncoder().encode(text);
const v7 = (body: string) => validateGedcom(bytes(`${HEAD7}${body}0 TRLR\n`));
const v5 = (body: string) => validateGedcom(bytes(`${HEAD5}${body}0 TRLR\n`));
/** `code@line` for each message. */
const codes = (messages: ValidationReport['errors']) => messages.map((m) => `${m.code}@${m.line}`);

/** [name, version, body (lines after HEAD), errors, warnings] — HEAD7 is 3 lines, HEAD5 9. */
const rows: [string, '7.0' | '5.5.1', string, string[], string[]][] = [
  ['a minimal 7.0 file', '7.0', '', [], []],
  ['a minimal 5.5.1 file', '5.5.1', '', [], []],
  ['7.0: a substructure not allowed under its parent', '7.0', '0 @I1@ INDI\n1 HUSB @I1@\n', ['not-allowed-here@5'], []],
  ['5.5.1: the same is only a warning', '5.5.1', '0 @I1@ INDI\n1 HUSB @I1@\n', [], ['not-allowed-here@11']],
  ['context: FAMC under ADOP takes ADOP (not PEDI)', '7.0', '0 @F@ FAM\n1 NCHI 1\n0 @I@ INDI\n1 ADOP\n2 FAMC @F@\n3 ADOP BOTH\n3 PEDI BIRTH\n', ['not-allowed-here@10'], []],
  ['context: HEAD.DATE is exact, an event DATE is not', '7.0', '0 @I@ INDI\n1 BIRT\n2 DATE ABT 1900\n', [], []],
  ['cardinality {0:1}: a second SEX', '7.0', '0 @I@ INDI\n1 SEX M\n1 SEX F\n1 SEX U\n', ['cardinality@6'], []],
  ['cardinality {0:M}: many NAMEs are fine', '7.0', '0 @I@ INDI\n1 NAME A\n1 NAME B\n1 NAME C\n', [], []],
  ['required {1:1}: MAP without LONG', '7.0', '0 @I@ INDI\n1 BIRT\n2 PLAC X\n3 MAP\n4 LATI N1\n', ['required-missing@7'], []],
  ['required {1:M}: OBJE without FILE', '7.0', '0 @O@ OBJE\n1 RESN LOCKED\n', ['required-missing@4'], []],
  ['5.5.1: a 7.0 requirement is a warning (a BIRT.PLAC.MAP needs LONG)', '5.5.1', '0 @I@ INDI\n1 BIRT\n2 PLAC X\n3 MAP\n4 LATI N1\n', [], ['required-missing@13']],
  ['5.5.1: ASSO needs RELA, where 7.0 needs ROLE', '5.5.1', '0 @I@ INDI\n1 ASSO @I@\n2 RELA friend\n1 ASSO @I@\n2 NOTE x\n', [], ['required-missing@13']],
  ['dangling pointer', '7.0', '0 @I@ INDI\n1 FAMC @F9@\n', ['dangling-pointer@5'], []],
  ['pointer to the wrong record type', '7.0', '0 @I@ INDI\n1 FAMS @I@\n', ['wrong-pointer-type@5'], []],
  ['a pointer to a record further on is fine', '7.0', '0 @I@ INDI\n1 FAMS @F@\n0 @F@ FAM\n1 HUSB @I@\n', [], []],
  ['@VOID@ is allowed in 7.0', '7.0', '0 @F@ FAM\n1 HUSB @VOID@\n', [], []],
  ['@VOID@ is an ordinary, dangling xref in 5.5.1', '5.5.1', '0 @F@ FAM\n1 HUSB @VOID@\n', ['dangling-pointer@11'], []],
  ['text where a pointer belongs', '7.0', '0 @F@ FAM\n1 HUSB John\n', ['bad-payload@5'], []],
  ['a pointer where text belongs (7.0 NOTE)', '7.0', '0 @S@ SNOTE x\n0 @I@ INDI\n1 NOTE @S@\n', ['bad-payload@6'], []],
  ['5.5.1 NOTE may point to a NOTE record, SOUR be written inline', '5.5.1', '0 @N@ NOTE x\n0 @I@ INDI\n1 NOTE @N@\n1 SOUR a book\n', [], []],
  ['5.5.1 NOTE pointing to a non-NOTE record', '5.5.1', '0 @I@ INDI\n1 NOTE @I@\n', ['wrong-pointer-type@11'], []],
  ['duplicate xref', '7.0', '0 @I@ INDI\n1 SEX M\n0 @I@ INDI\n1 SEX F\n', ['duplicate-xref@6'], []],
  ['bad date (7.0 grammar)', '7.0', '0 @I@ INDI\n1 BIRT\n2 DATE 31 FEB 1900\n', ['bad-date@6'], []],
  ['bad date (5.5.1 grammar: calendar escapes)', '5.5.1', '0 @I@ INDI\n1 BIRT\n2 DATE JULIAN 1900\n', ['bad-date@12'], []],
  ['an empty event DATE is fine in 7.0, not in 5.5.1', '7.0', '0 @I@ INDI\n1 BIRT\n2 DATE\n3 PHRASE sometime\n', [], []],
  ['HEAD.DATE must be exact', '7.0', '0 @I@ INDI\n1 CHAN\n2 DATE ABT 2000\n', ['bad-date@6'], []],
  ['NO.DATE must be a period', '7.0', '0 @I@ INDI\n1 NO MARR\n2 DATE 1900\n', ['bad-date@6'], []],
  ['enumerations: SEX', '7.0', '0 @I@ INDI\n1 SEX Q\n', ['bad-enum@5'], []],
  ['enumerations: 7.0 accepts extension values', '7.0', '0 @I@ INDI\n1 SEX _OTHER\n', [], []],
  ['enumerations: PEDI is case-sensitive in 7.0', '7.0', '0 @F@ FAM\n1 NCHI 1\n0 @I@ INDI\n1 FAMC @F@\n2 PEDI birth\n', ['bad-enum@8'], []],
  ['enumerations: 5.5.1 PEDI lower case', '5.5.1', '0 @F@ FAM\n0 @I@ INDI\n1 FAMC @F@\n2 PEDI birth\n', [], []],
  ['enumerations: 5.5.1 SEX has no X', '5.5.1', '0 @I@ INDI\n1 SEX X\n', ['bad-enum@11'], []],
  ['enumeration lists: RESN', '7.0', '0 @I@ INDI\n1 RESN CONFIDENTIAL, LOCKED\n1 NAME A\n2 TYPE NICK\n', ['bad-enum@7'], []],
  ['enumeration lists: no space after the comma, or two', '7.0', '0 @I@ INDI\n1 RESN CONFIDENTIAL,LOCKED\n0 @J@ INDI\n1 RESN PRIVACY ,  LOCKED\n', [], []],
  ['5.5.1 ages: months alone, months and weeks, the words', '5.5.1', '0 @I@ INDI\n1 DEAT Y\n2 AGE 10m\n1 BURI\n2 AGE 11m2w\n2 PLAC X\n1 CHR\n2 AGE infant\n2 PLAC Y\n', [], []],
  ['Y|<NULL>: only Y', '7.0', '0 @I@ INDI\n1 DEAT Y\n1 BIRT yes\n', ['bad-payload@6'], []],
  ['a payload where none belongs', '7.0', '0 @I@ INDI\n1 CHAN now\n2 DATE 1 JAN 2000\n', ['unexpected-payload@5'], []],
  ['a missing required payload', '7.0', '0 @I@ INDI\n1 SEX\n2 _X y\n', ['missing-payload@5'], ['undocumented-extension@6']],
  ['a structure with neither payload nor substructure', '7.0', '0 @I@ INDI\n1 BIRT\n', ['empty-structure@5'], []],
  ['integers, ages, times, latitudes, languages, media types, names', '7.0',
    '0 @F@ FAM\n1 NCHI two\n1 MARR\n2 HUSB\n3 AGE 25 years\n2 PLAC P\n3 MAP\n4 LATI 50N\n4 LONG W200\n3 LANG English language\n' +
    '0 @O@ OBJE\n1 FILE a.jpg\n2 FORM jpeg\n0 @I@ INDI\n1 NAME A /B/ C/\n0 @N@ SNOTE x\n1 MIME text/plain\n1 CHAN\n2 DATE 1 JAN 2000\n3 TIME 25:00\n',
    ['bad-payload@5', 'bad-payload@8', 'bad-payload@11', 'bad-payload@12', 'bad-payload@13', 'bad-payload@16', 'bad-payload@18', 'bad-payload@23'], []],
  ['the same payloads written well', '7.0',
    '0 @F@ FAM\n1 NCHI 2\n1 MARR\n2 HUSB\n3 AGE > 25y 3m\n2 PLAC P\n3 MAP\n4 LATI N50.5\n4 LONG W0.12\n3 LANG en-GB\n' +
    '0 @O@ OBJE\n1 FILE a.jpg\n2 FORM image/jpeg\n0 @I@ INDI\n1 NAME A /B/ C\n0 @N@ SNOTE x\n1 MIME text/plain\n1 CHAN\n2 DATE 1 JAN 2000\n3 TIME 23:59:59.5Z\n',
    [], []],
  ['a standard-looking tag that is no standard', '7.0', '0 @I@ INDI\n1 FOO bar\n', ['unknown-tag@5'], []],
  ['unknown in 5.5.1 too', '5.5.1', '0 @I@ INDI\n1 FOO bar\n', ['unknown-tag@11'], []],
  ['a 5.5.1 tag in a 7.0 file', '7.0', '0 @I@ INDI\n1 RIN 12\n', ['not-in-version@5'], []],
  ['a 7.0 tag in a 5.5.1 file', '5.5.1', '0 @I@ INDI\n1 EXID 12\n', ['not-in-version@11'], []],
  ['5.5.1-only tags are accepted where they appear', '5.5.1', '0 @I@ INDI\n1 RIN 12\n1 NAME A /B/\n2 ROMN a\n3 TYPE x\n', [], []],
  ['undocumented extension: a warning, once per tag', '7.0', '0 @I@ INDI\n1 _HAIR red\n1 _HAIR brown\n1 _EYES\n', [], ['undocumented-extension@5', 'undocumented-extension@7']],
  ['5.5.1 extension tags are warnings', '5.5.1', '0 @I@ INDI\n1 _UID 1\n', [], ['undocumented-extension@11']],
  ['an unknown record', '7.0', '0 @X@ WHAT\n', ['unknown-tag@4'], []],
  ['a misplaced record (a substructure tag at level 0)', '7.0', '0 @X@ DATE 1900\n', ['not-allowed-here@4'], []],
  ['5.5.1 records 7.0 dropped: NOTE and SUBN', '5.5.1', '0 @N@ NOTE x\n0 @S@ SUBN\n1 SUBM @U@\n', [], []],
  ['5.5.1: a ROLE in parentheses is free text, but only the whole of it', '5.5.1',
    '0 @S@ SOUR\n1 TITL t\n0 @I@ INDI\n1 SOUR @S@\n2 EVEN BIRT\n3 ROLE (godfather)\n1 SOUR @S@\n2 EVEN BIRT\n3 ROLE (godfather) of John\n', ['bad-enum@18'], []],
  ['5.5.1 places of 7.0 structures: the media type under FILE.FORM', '5.5.1', '0 @O@ OBJE\n1 FILE a.jpg\n2 FORM jpg\n3 TYPE photo\n', [], []],
];

for (const [name, version, body, errors, warnings] of rows) {
  t.test(name, async (t) => {
    const report = await (version === '7.0' ? v7 : v5)(body);
    t.same(codes(report.errors), errors, 'errors');
    t.same(codes(report.warnings), warnings, 'warnings');
    t.equal(report.valid, errors.length === 0);
    t.equal(report.version, version);
  });
}

t.test('documented extensions: silent; one that names a standard structure obeys its rules', async (t) => {
  const head = `${HEAD7}1 SCHMA\n2 TAG _HAIR https://example.com/hair\n2 TAG _USER https://gedcom.io/terms/v7/record-SUBM\n2 TAG _AUTHOR https://gedcom.io/terms/v7/SUBM\n`;
  const body = '0 @U@ _USER\n1 NAME Me\n0 @I@ INDI\n1 _HAIR red\n1 _AUTHOR @U@\n1 _AUTHOR @I@\n0 @V@ _USER\n1 SEX M\n';
  const report = await validateGedcom(bytes(`${head}${body}0 TRLR\n`));
  t.same(codes(report.errors), ['wrong-pointer-type@13', 'required-missing@14', 'not-allowed-here@15']);
  t.same(report.warnings, []);
});

t.test('a payload where none belongs is named in the message', async (t) => {
  const report = await validateGedcom(bytes('0 HEAD\n1 GEDC x\n2 VERS 7.0\n0 TRLR\n'));
  t.same(report.errors.map((m) => `${m.code}@${m.line} ${m.message}`), ['unexpected-payload@2 GEDC takes no payload, but has "x"']);
});

t.test('cardinality {1:1}: a second GEDC.VERS', async (t) => {
  const report = await validateGedcom(bytes('0 HEAD\n1 GEDC\n2 VERS 7.0\n2 VERS 7.0\n0 TRLR\n'));
  t.same(codes(report.errors), ['cardinality@4']);
});

t.test('HEAD: 7.0 requires GEDC; 5.5.1 requires SOUR, SUBM, GEDC (VERS, FORM) and CHAR', async (t) => {
  t.same(codes((await validateGedcom(bytes('0 HEAD\n1 NOTE x\n0 TRLR\n'), { versionHint: '7.0' })).errors), ['required-missing@1']);
  const five = await validateGedcom(bytes('0 HEAD\n1 GEDC\n2 VERS 5.5.1\n0 TRLR\n'));
  t.same(five.errors.map((e) => e.message), [
    'a 5.5.1 HEAD needs a SOUR', 'a 5.5.1 HEAD needs a SUBM', 'a 5.5.1 HEAD needs a CHAR', 'a 5.5.1 GEDC needs a FORM',
  ]);
});

t.test('version: from the header, else the hint, else unknown (checked as 5.5.1, with a warning)', async (t) => {
  const bare = bytes('0 HEAD\n0 @I@ INDI\n1 EXID 1\n0 TRLR\n');
  const unknown = await validateGedcom(bare);
  t.equal(unknown.version, 'unknown');
  t.match(codes(unknown.warnings), ['unknown-version@1']);
  t.ok(codes(unknown.errors).includes('not-in-version@3'), 'checked by 5.5.1 rules');
  const hinted = await validateGedcom(bare, { versionHint: '7.0.14' });
  t.equal(hinted.version, '7.0');
  t.notOk(codes(hinted.errors).includes('not-in-version@3'));
  t.equal((await validateGedcom(bare, { versionHint: '5.5' })).version, '5.5');
  t.equal((await validateGedcom(bare, { versionHint: 'nonsense' })).version, 'unknown');
  t.equal((await v7('')).version, '7.0', 'the header wins over a hint');
});

t.test('encoding: 7.0 must be UTF-8', async (t) => {
  const utf16 = Buffer.from(`\uFEFF${HEAD7}0 TRLR\n`, 'utf16le');
  t.same(codes((await validateGedcom(utf16)).errors), ['not-utf8@1']);
  const header = { version: '5.5.1' as const, encoding: 'cp1252' as const, schema: {} };
  t.same((await validateRecords(header, [])).errors, [], '5.5.1 may be any encoding');
});

t.test('reader issues are merged with their severity, and not repeated by the validator', async (t) => {
  const report = await v7('0 @I@ INDI\n1 SEX M\n\n0 @I@ INDI\n1 SEX F\n');
  t.same(codes(report.errors), ['duplicate-xref@7']);
  t.same(codes(report.warnings), ['blank-line@6']);
});

t.test('counts every record by kind', async (t) => {
  const body = '0 @I1@ INDI\n1 SEX M\n0 @I2@ INDI\n1 SEX F\n0 @F@ FAM\n1 HUSB @I1@\n0 @S@ SOUR\n1 TITL t\n0 @R@ REPO\n1 NAME r\n' +
    '0 @N@ SNOTE n\n0 @O@ OBJE\n1 FILE f\n2 FORM text/plain\n0 @U@ SUBM\n1 NAME u\n0 @X@ _LOC\n1 NAME l\n';
  const report = await v7(body);
  t.same(report.counts, { individuals: 2, families: 1, sources: 1, repositories: 1, notes: 1, media: 1, submitters: 1, other: 1 });
  t.equal((await v5('0 @N@ NOTE x\n0 @S@ SUBN\n1 SUBM @U@\n')).counts.notes, 1, '5.5.1 NOTE records count as notes');
});

t.test('messages are capped, in line order; totals, counts and validity stay exact', async (t) => {
  const body = Array.from({ length: 30 }, (_, i) => `0 @I${i}@ INDI\n1 SEX Q\n1 _X 1\n1 FAMC @F${i}@\n`).join('');
  const report = await validateGedcom(bytes(`${HEAD7}${body}0 TRLR\n`), { maxMessages: 5 });
  t.equal(report.errors.length, 5);
  t.same(report.totals, { errors: 60, warnings: 1 });
  t.equal(report.counts.individuals, 30);
  t.equal(report.valid, false);
  t.ok(report.errors.every((e, i) => i === 0 || report.errors[i - 1].line <= e.line), 'sorted by line');
  t.equal((await validateGedcom(bytes(`${HEAD7}${body}0 TRLR\n`))).errors.length, 60, 'default cap is large');
  const capped = await validateGedcom(bytes(`${HEAD7}${body}0 TRLR\n`), { maxMessages: 0 });
  t.same([capped.errors.length, capped.valid], [0, false], 'an invalid file stays invalid with no messages listed');
});

t.test('validateRecords over node trees, sync or async, with or without HEAD among the records', async (t) => {
  const node = (tag: string, extra: Partial<GedcomNode> = {}, children: GedcomNode[] = []): GedcomNode => ({ level: 0, tag, line: 1, children, ...extra });
  const head = node('HEAD', {}, [node('GEDC', { level: 1, line: 2 }, [node('VERS', { level: 2, line: 3, value: '7.0' })])]);
  const header = { version: '7.0' as const, encoding: 'utf-8' as const, schema: {}, node: head };
  const person = node('INDI', { xref: 'I', line: 4 }, [node('FAMC', { level: 1, line: 5, pointer: 'F' })]);
  const sync = await validateRecords(header, [head, person, node('TRLR', { line: 6 })]);
  t.same(codes(sync.errors), ['dangling-pointer@5']);
  t.equal(sync.counts.other, 0, 'HEAD and TRLR are not counted');
  async function* stream() {
    yield person;
    yield node('FAM', { xref: 'F', line: 6 }, [node('CHIL', { level: 1, line: 7, pointer: 'I' })]);
  }
  t.same((await validateRecords(header, stream())).errors, []);
  const headless = { ...header, node: undefined };
  const late = await validateRecords(headless, [node('HEAD', {}, [node('NOTE', { level: 1, line: 2, value: 'x' })]), person], { readerIssues: [{ line: 1, code: 'x', message: 'm', severity: 'warning' }] });
  t.same(codes(late.errors), ['required-missing@1', 'dangling-pointer@5'], 'a HEAD among the records is checked as HEAD');
  t.same(codes(late.warnings), ['x@1']);
  t.equal(late.counts.other, 0);
});

t.test('a validator message repeating a reader issue (same line, same code) is said once, error or warning', async (t) => {
  const out = new ReportCollector(100);
  out.addReaderIssue({ severity: 'warning', line: 4, code: 'bad-line', message: 'read tolerantly' });
  out.addReaderIssue({ severity: 'error', line: 6, code: 'dangling-pointer', message: 'no @F9@' });
  out.warning(4, 'bad-line', 'again');
  out.error(6, 'dangling-pointer', 'again');
  out.warning(5, 'bad-line', 'another line');
  out.error(4, 'cardinality', 'another code');
  const report = out.report('7.0');
  t.same(report.warnings.map((m) => `${m.code}@${m.line} ${m.message}`), ['bad-line@4 read tolerantly', 'bad-line@5 another line']);
  t.same(report.errors.map((m) => `${m.code}@${m.line} ${m.message}`), ['cardinality@4 another code', 'dangling-pointer@6 no @F9@']);
  t.same(report.totals, { errors: 2, warnings: 2 });
});
