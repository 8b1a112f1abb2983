import t from 'tap';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestServer } from '@rootline/kernel/testing';
import { gedcom, imported } from './helpers.js';
import { exported, exportServer } from './export-fixture.js';
import { importedBack } from './round-trip-summary.js';

/**
 * The numbers a file gives a person to find it again (REFN: 1,547 in the corpus; RIN, `_UID`,
 * FamilySearch's id) were reported "not mapped". Each is a note on the person in the
 * genealogist's words (`Reference number: KENNJP88`), and the exports write it back as its line:
 * REFN with its TYPE; 5.5.1 RIN, `_UID`, `_FSFTID`; 7.0 REFN typed RIN, UID, EXID.
 */

const UID = '045D7A870C633045BE9710119FC387903581';
const FS = 'https://www.familysearch.org/tree/person/';

const FILE = (version: '7.0' | '5.5.1') =>
  gedcom(
    version,
    '0 @I1@ INDI', '1 NAME Joseph /Kennedy/',
    '1 REFN KENNJP88', '1 REFN 12', '2 TYPE filing box',
    ...(version === '5.5.1' ? ['1 RIN 1043', `1 _UID ${UID}`, '1 FSID LZDX-9QK'] : ['1 REFN 1043', '2 TYPE RIN', `1 UID ${UID}`, '1 EXID LZDX-9QK', `2 TYPE ${FS}`, '1 EXID 456', '2 TYPE http://example.com/people/']),
    '1 NOTE Born in 1888',
    '0 @I2@ INDI', '1 NAME Rose /Fitzgerald/',
    '0 @F1@ FAM', '1 HUSB @I1@', '1 WIFE @I2@', `1 ${version === '5.5.1' ? '_UID' : 'UID'} 16034A56F5B6184FB2938688B367F980B1D0`,
  );

const JOSEPH = ['Born in 1888', 'FamilySearch id: LZDX-9QK', 'Record id (RIN): 1043', 'Reference number (filing box): 12', 'Reference number: KENNJP88', `Unique id: ${UID}`];

/** The notes of the person shown as `name`, and of the family's spouse edge, as the user reads them (through the routes). */
async function notesOf(s: TestServer, name: string, treeId?: string): Promise<{ person: string[]; family: string[] }> {
  const prefix = treeId ? `/v1/trees/${treeId}` : '/v1';
  const tree = treeId ? s.server.kernel.trees.get(treeId)! : s.server.kernel.trees.active();
  const person = tree.prepare('SELECT id FROM persons WHERE display_name = ?').pluck().get(name) as string;
  const edge = tree.prepare("SELECT id FROM relationships WHERE kind = 'spouse'").pluck().get() as string;
  const read = async (target: string) => ((await s.request('GET', `${prefix}/notes`, { query: { target } })).json() as { text: string }[]).map((note) => note.text).sort();
  return { person: await read(person), family: await read(edge) };
}

for (const version of ['7.0', '5.5.1'] as const) {
  t.test(`${version}: REFN, RIN, the unique id and the FamilySearch id are notes on the person (and the family's)`, async (t) => {
    const { s, lost, items } = await imported(t, FILE(version));
    t.equal(items.find((item) => item.path === 'INDI.REFN')?.kept, true, 'REFN is marked kept, not lost');
    const notes = await notesOf(s, 'Joseph Kennedy');
    t.same(notes.person, version === '7.0' ? [...JOSEPH, 'External id (http://example.com/people/): 456'].sort() : JOSEPH);
    t.same(notes.family, ['Unique id: 16034A56F5B6184FB2938688B367F980B1D0']);
    t.notOk(lost.some((item) => / not mapped$|extension tag not mapped/.test(item)), lost.join('\n'));
    t.ok(lost.includes('INDI.REFN kept as a note on the person ("Reference number: ..."); exports write it back'), 'the report says where REFN went');
  });
}

t.test('an identifier left blank is reported as holding nothing, a line under one is reported, and other lines are not taken for identifiers', async (t) => {
  const { s, items } = await imported(t, gedcom('5.5.1',
    '0 @I1@ INDI', '1 NAME Joseph /Kennedy/', '1 REFN', '1 REFN 12', '2 _SRC box list', '1 RIN 7', '2 TYPE ledger', '1 _CREATOR @I1@',
  ));
  const found = (path: string) => items.filter((item) => item.path === path).map((item) => `${item.reason}${item.kept ? ' (kept)' : ''} x${item.count}`);
  t.same(found('INDI.REFN').sort(), ['blank: nothing to keep x1', 'kept as a note on the person ("Reference number: ..."); exports write it back (kept) x1']);
  t.same(found('INDI.REFN._SRC'), ['not kept with the identifier x1']);
  t.same(found('INDI.RIN.TYPE'), ['not kept with the identifier x1'], "a RIN's TYPE is no type of it (only REFN and EXID have one)");
  t.same(found('INDI._CREATOR'), ['extension tag not mapped x1'], 'a line that is no identifier is left to the rest of the mapping');
  t.same((await notesOf(s, 'Joseph Kennedy')).person, ['Record id (RIN): 7', 'Reference number: 12'], 'one note per identifier that holds a value, no type taken from a RIN');
});

t.test('import -> export (7.0, 5.5.1) -> import: each identifier is written back as its line and comes back', async (t) => {
  const s = await exportServer(t);
  await imported(t, FILE('5.5.1'), s);
  const lines = {
    '7.0': ['1 REFN KENNJP88', '1 REFN 12\n2 TYPE filing box', '1 REFN 1043\n2 TYPE RIN', `1 UID ${UID}`, `1 EXID LZDX-9QK\n2 TYPE ${FS}`],
    '5.5.1': ['1 REFN KENNJP88', '1 REFN 12\n2 TYPE filing box', '1 RIN 1043', `1 _UID ${UID}`, '1 _FSFTID LZDX-9QK'],
  };
  for (const version of ['7.0', '5.5.1'] as const) {
    const { text, bytes } = await exported(s, { version, include_living: true });
    const records = text.split(/(?<=\n)(?=0 )/);
    const joseph = records.find((record) => record.includes('Joseph /Kennedy/'))!;
    for (const line of lines[version]) t.ok(joseph.includes(`\n${line}\n`), `${version}: ${line.replace('\n', ' / ')}`);
    t.match(joseph, /\n1 NOTE Born in 1888\n/, `${version}: the other note stays a note`);
    t.notMatch(joseph, /NOTE (Reference number|Record id|Unique id|FamilySearch id)/, `${version}: no identifier written as a note`);
    const family = records.find((record) => / FAM\n/.test(record))!;
    t.match(family, version === '7.0' ? /\n1 UID 16034A56F5B6184FB2938688B367F980B1D0\n/ : /\n1 _UID 16034A56F5B6184FB2938688B367F980B1D0\n/, `${version}: the family's unique id`);
    const fresh = await importedBack(t, s, version, bytes, 'identifiers');
    t.same(await notesOf(s, 'Joseph Kennedy', fresh.id), { person: JOSEPH, family: ['Unique id: 16034A56F5B6184FB2938688B367F980B1D0'] }, `${version}: the same notes`);
  }
});

t.test('7.0 -> 5.5.1: an external id other than FamilySearch\'s has no 5.5.1 line: it stays a note, reported', async (t) => {
  const s = await exportServer(t);
  await imported(t, FILE('7.0'), s);
  const { text, job } = await exported(s, { version: '5.5.1', include_living: true });
  t.match(text, /\n1 NOTE External id \(http:\/\/example.com\/people\/\): 456\n/);
  const lost = (await s.request('GET', '/v1/gedcom/loss-reports', { query: { report_id: job.result.report_id } })).json().items;
  t.match(lost.filter((item: { path: string }) => item.path === 'INDI.EXID'), [{ reason: 'an external id (7.0 EXID) has no 5.5.1 line: written as a note' }]);
});

const kennedy = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/corpus/real/kennedy.ged');

t.test('kennedy.ged: Joseph Patrick Kennedy keeps his reference number KENNJP88 through both exports', { skip: existsSync(kennedy) ? false : `${kennedy} not found` }, async (t) => {
  const s = await exportServer(t);
  const { lost } = await imported(t, readFileSync(kennedy), s);
  t.notOk(lost.some((item) => item.startsWith('INDI.REFN not mapped')), 'REFN is not lost');
  t.ok((await notesOf(s, 'Joseph Patrick KENNEDY')).person.includes('Reference number: KENNJP88'));
  for (const version of ['7.0', '5.5.1'] as const) {
    const { text, bytes } = await exported(s, { version, include_living: true });
    t.match(text, /\n1 REFN KENNJP88\n/, `${version}: REFN written`);
    const fresh = await importedBack(t, s, version, bytes, 'kennedy');
    t.ok((await notesOf(s, 'Joseph Patrick KENNEDY', fresh.id)).person.includes('Reference number: KENNJP88'), `${version}: it comes back`);
  }
});

/**
 * 5.5.1's Ancestral File number (AFN) and record file number (RFN) were reported "not mapped"
 * (8 in the corpus). They are identifiers too: notes on the person, written back as 5.5.1 AFN
 * and RFN and as GEDCOM 7's conversion of them, an EXID of the type GEDCOM 7 names (an RFN's
 * registered resource in the type's fragment, its record id the EXID's payload).
 */
const AFN_RFN = ['Ancestral File number: 1234-ABC', 'Record file number: 42', 'Record file number: xyz:123abc'];
const AFN_RFN_LINES = {
  '7.0': ['1 EXID 1234-ABC\n2 TYPE https://gedcom.io/terms/v7/AFN', '1 EXID 123abc\n2 TYPE https://gedcom.io/terms/v7/RFN#xyz', '1 EXID 42\n2 TYPE https://gedcom.io/terms/v7/RFN'],
  '5.5.1': ['1 AFN 1234-ABC', '1 RFN xyz:123abc', '1 RFN 42'],
};

t.test('AFN and RFN are notes on the person, written back as 5.5.1 AFN/RFN and 7.0 EXID, and come back from both', async (t) => {
  const s = await exportServer(t);
  const { lost } = await imported(t, gedcom('5.5.1', '0 @I1@ INDI', '1 NAME Joseph /Kennedy/', '1 AFN 1234-ABC', '1 RFN xyz:123abc', '1 RFN 42'), s);
  t.notOk(lost.some((item) => /^INDI\.(AFN|RFN) not mapped/.test(item)), lost.join('\n'));
  t.ok(lost.includes('INDI.AFN kept as a note on the person ("Ancestral File number: ..."); exports write it back'));
  t.same((await notesOf(s, 'Joseph Kennedy')).person, AFN_RFN);
  for (const version of ['7.0', '5.5.1'] as const) {
    const { text, bytes } = await exported(s, { version, include_living: true });
    const joseph = text.split(/(?<=\n)(?=0 )/).find((record) => record.includes('Joseph /Kennedy/'))!;
    for (const line of AFN_RFN_LINES[version]) t.ok(joseph.includes(`\n${line}\n`), `${version}: ${line.replace('\n', ' / ')}`);
    t.notMatch(joseph, /NOTE (Ancestral|Record file)/, `${version}: not written as notes`);
    const fresh = await importedBack(t, s, version, bytes, 'afn');
    t.same((await notesOf(s, 'Joseph Kennedy', fresh.id)).person, AFN_RFN, `${version}: the same notes`);
  }
});

t.test('a 7.0 EXID of AFN\'s or RFN\'s type is read as that number; 5.5.1 has them under INDI only, so on a family they stay notes, reported', async (t) => {
  const s = await exportServer(t);
  await imported(t, gedcom('7.0',
    '0 @I1@ INDI', '1 NAME Joseph /Kennedy/', '1 EXID 77', '2 TYPE https://gedcom.io/terms/v7/RFN#', '1 EXID 5', '2 TYPE https://gedcom.io/terms/v7/RFNX',
    '0 @I2@ INDI', '1 NAME Rose /Fitzgerald/',
    '0 @F1@ FAM', '1 HUSB @I1@', '1 WIFE @I2@', '1 EXID 9-9', '2 TYPE https://gedcom.io/terms/v7/AFN'), s);
  t.same(await notesOf(s, 'Joseph Kennedy'), {
    person: ['External id (https://gedcom.io/terms/v7/RFN#): 77', 'External id (https://gedcom.io/terms/v7/RFNX): 5'],
    family: ['Ancestral File number: 9-9'],
  }, 'an RFN type with an empty fragment, or another URI starting so, is another external id');
  const { text, job } = await exported(s, { version: '5.5.1', include_living: true });
  t.match(text.split(/(?<=\n)(?=0 )/).find((record) => / FAM\n/.test(record)), /\n1 NOTE Ancestral File number: 9-9\n/);
  const lost = (await s.request('GET', '/v1/gedcom/loss-reports', { query: { report_id: job.result.report_id } })).json().items;
  t.match(lost.filter((item: { path: string }) => item.path === 'FAM.AFN'), [{ reason: '5.5.1 has AFN under INDI only: written as a note', count: 1 }]);
});

/**
 * A source record's and a media record's own numbers (REFN, RIN, UID, EXID: 30 in the corpus)
 * were "not kept". They are notes on the source and on each media object of the record, and the
 * exports write them back on the SOUR and OBJE records.
 */
const RECORDS = (version: '7.0' | '5.5.1') =>
  gedcom(
    version,
    '0 @I1@ INDI', '1 NAME Joseph /Kennedy/', '1 SOUR @S1@', '2 PAGE folio 3', '1 OBJE @M1@',
    '0 @S1@ SOUR', '1 TITL Parish register', '1 REFN P-12', '2 TYPE shelf',
    ...(version === '5.5.1' ? ['1 RIN 88', `1 _UID ${UID}`] : ['1 REFN 88', '2 TYPE RIN', `1 UID ${UID}`, '1 EXID 1-2', '2 TYPE http://example.com/archive/']),
    '0 @M1@ OBJE', '1 FILE photo.jpg', '2 FORM jpg', '1 REFN M-3', ...(version === '5.5.1' ? ['1 RIN 9'] : ['1 REFN 9', '2 TYPE RIN']),
    '0 @M2@ OBJE', '1 RIN 10',
  );
const SOURCE_NOTES = ['Record id (RIN): 88', 'Reference number (shelf): P-12', `Unique id: ${UID}`];
const MEDIA_NOTES = ['Record id (RIN): 9', 'Reference number: M-3'];

async function recordNotes(s: TestServer, treeId?: string): Promise<{ source: string[]; media: string[] }> {
  const prefix = treeId ? `/v1/trees/${treeId}` : '/v1';
  const tree = treeId ? s.server.kernel.trees.get(treeId)! : s.server.kernel.trees.active();
  const read = async (target: string) => ((await s.request('GET', `${prefix}/notes`, { query: { target } })).json() as { text: string }[]).map((note) => note.text).sort();
  return {
    source: await read(tree.prepare("SELECT id FROM sources WHERE title = 'Parish register'").pluck().get() as string),
    media: await read(tree.prepare("SELECT id FROM media WHERE file_name = 'photo.jpg'").pluck().get() as string),
  };
}

t.test('a source\'s and a media object\'s identifiers are notes on them, written back on SOUR and OBJE in both versions, and come back', async (t) => {
  const s = await exportServer(t);
  const { items } = await imported(t, RECORDS('5.5.1'), s);
  const found = (path: string) => items.filter((item) => item.path === path).map((item) => `${item.reason}${item.kept ? ' (kept)' : ''}`);
  t.same(found('SOUR.REFN'), ['kept as a note on the source ("Reference number: ..."); exports write it back (kept)']);
  t.same(found('OBJE.RIN').sort(), ['kept as a note on the media object ("Record id (RIN): ..."); exports write it back (kept)', 'not kept on the media object'], 'an object without a file keeps no identifier: reported so, not as kept');
  t.same(await recordNotes(s), { source: SOURCE_NOTES, media: MEDIA_NOTES });
  const lines = {
    '7.0': { SOUR: ['1 REFN P-12\n2 TYPE shelf', '1 REFN 88\n2 TYPE RIN', `1 UID ${UID}`], OBJE: ['1 REFN M-3', '1 REFN 9\n2 TYPE RIN'] },
    '5.5.1': { SOUR: ['1 REFN P-12\n2 TYPE shelf', '1 RIN 88', `1 _UID ${UID}`], OBJE: ['1 REFN M-3', '1 RIN 9'] },
  };
  for (const version of ['7.0', '5.5.1'] as const) {
    const { text, bytes } = await exported(s, { version, include_living: true });
    const records = text.split(/(?<=\n)(?=0 )/);
    for (const tag of ['SOUR', 'OBJE'] as const) {
      const written = records.find((record) => new RegExp(`^0 @[^@]+@ ${tag}\\n`).test(record))!;
      for (const line of lines[version][tag]) t.ok(written.includes(`\n${line}\n`), `${version} ${tag}: ${line.replace('\n', ' / ')}`);
      t.notMatch(written, /NOTE (Reference number|Record id|Unique id)/, `${version} ${tag}: no identifier written as a note`);
    }
    const fresh = await importedBack(t, s, version, bytes, 'records');
    t.same(await recordNotes(s, fresh.id), { source: SOURCE_NOTES, media: MEDIA_NOTES }, `${version}: the same notes`);
  }
});

t.test('7.0: a source\'s external id is a note on it, written back as EXID', async (t) => {
  const s = await exportServer(t);
  await imported(t, RECORDS('7.0'), s);
  t.same((await recordNotes(s)).source, ['External id (http://example.com/archive/): 1-2', ...SOURCE_NOTES].sort());
  const { text } = await exported(s, { version: '7.0', include_living: true });
  t.match(text, /\n0 @[^@]+@ SOUR\n(1 .*\n|2 .*\n)*1 EXID 1-2\n2 TYPE http:\/\/example.com\/archive\/\n/);
});

/**
 * The file's restriction notice (RESN: 9 on INDI, more on facts, families and media in the
 * corpus) was reported "not mapped". It is kept as a note (`Restriction: privacy`) on the
 * person, the family, the media object or the claim, and written back as RESN in the version's
 * words: 7.0 a list in capitals, 5.5.1 one word in lower case (a list stays a note there, as
 * does RESN on a media object, which 5.5.1 has not). Rootline does not act on it: a redaction hides.
 */
t.test('RESN is kept as a note on the person, family, media object or claim, and written back in each version\'s words', async (t) => {
  const s = await exportServer(t);
  const { items, tree } = await imported(t, gedcom('7.0',
    '0 @I1@ INDI', '1 NAME Joseph /Kennedy/', '1 RESN CONFIDENTIAL, LOCKED', '1 OBJE @M1@',
    '1 BIRT', '2 DATE 6 SEP 1888', '2 RESN PRIVACY',
    '0 @I2@ INDI', '1 NAME Rose /Fitzgerald/', '1 RESN PRIVACY',
    '0 @F1@ FAM', '1 HUSB @I1@', '1 WIFE @I2@', '1 RESN LOCKED',
    '0 @M1@ OBJE', '1 FILE photo.jpg', '2 FORM image/jpeg', '1 RESN CONFIDENTIAL',
  ), s);
  t.match(items.find((item) => item.path === 'INDI.RESN'), { kept: true, count: 2, reason: 'kept as a note on the person ("Restriction: ..."); exports write it back; Rootline does not act on it (a redaction hides)' });
  t.same((await notesOf(s, 'Joseph Kennedy')).person, ['Restriction: CONFIDENTIAL, LOCKED']);
  t.same((await notesOf(s, 'Joseph Kennedy')).family, ['Restriction: LOCKED']);
  t.equal(tree.prepare("SELECT count(*) FROM notes WHERE text = 'Restriction: PRIVACY'").pluck().get(), 2, "Rose's, and the birth's");
  t.equal(tree.prepare("SELECT count(*) FROM notes WHERE text = 'Restriction: CONFIDENTIAL'").pluck().get(), 1, "the photo's");
  const seven = (await exported(s, { version: '7.0', include_living: true })).text;
  for (const line of ['0 @[^@]+@ INDI\n1 NAME Joseph /Kennedy/\n(?:[1-9] .*\n)*1 RESN CONFIDENTIAL, LOCKED\n', '1 BIRT\n2 DATE 6 SEP 1888\n2 RESN PRIVACY\n', '1 NAME Rose /Fitzgerald/\n(?:[1-9] .*\n)*1 RESN PRIVACY\n', ' FAM\n(?:[1-9] .*\n)*1 RESN LOCKED\n', ' OBJE\n(?:[1-9] .*\n)*1 RESN CONFIDENTIAL\n']) {
    t.match(seven, new RegExp(line.replace(/\//g, '\\/')), `7.0: ${line}`);
  }
  const { text: old, bytes, job } = await exported(s, { version: '5.5.1', include_living: true });
  t.match(old, /\n1 NAME Joseph \/Kennedy\/\n(?:[1-9] .*\n)*1 NOTE Restriction: CONFIDENTIAL, LOCKED\n/, '5.5.1: a list stays a note');
  t.match(old, /\n1 BIRT\n2 DATE 6 SEP 1888\n2 RESN privacy\n/, '5.5.1: one word, lower case');
  t.match(old, / FAM\n(?:[1-9] .*\n)*1 RESN locked\n/);
  t.match(old, / OBJE\n(?:[1-9] .*\n)*1 NOTE Restriction: CONFIDENTIAL\n/, '5.5.1 has no RESN on a media object');
  const lost = (await s.request('GET', '/v1/gedcom/loss-reports', { query: { report_id: job.result.report_id } })).json().items;
  t.match(lost.filter((item: { path: string }) => /RESN/.test(item.path)).map((item: { path: string; reason: string }) => `${item.path}: ${item.reason}`).sort(), [
    'INDI.RESN: restriction "CONFIDENTIAL, LOCKED" has no RESN line here in 5.5.1: written as a note',
    'OBJE.RESN: restriction "CONFIDENTIAL" has no RESN line here in 5.5.1: written as a note',
  ]);
  const fresh = await importedBack(t, s, '5.5.1', bytes, 'resn');
  t.same((await notesOf(s, 'Joseph Kennedy', fresh.id)), { person: ['Restriction: CONFIDENTIAL, LOCKED'], family: ['Restriction: locked'] }, 'read back: the note stays a note, the line a note again');
});

t.test('a restriction GEDCOM does not list, or on a record that has no RESN, stays a note; a second record id in 5.5.1 too', async (t) => {
  const s = await exportServer(t);
  await imported(t, gedcom('5.5.1',
    '0 @I1@ INDI', '1 NAME Joseph /Kennedy/', '1 RESN secret', '1 RIN 7', '1 REFN 8', '2 TYPE RIN',
    '0 @S1@ SOUR', '1 TITL Parish register', '1 RESN privacy',
  ), s);
  for (const version of ['7.0', '5.5.1'] as const) {
    const { text, job } = await exported(s, { version, include_living: true });
    t.match(text, /\n1 NOTE Restriction: secret\n/, `${version}: a word GEDCOM does not list`);
    t.match(text, / SOUR\n(?:[1-9] .*\n)*1 NOTE Restriction: privacy\n/, `${version}: a source record has no RESN`);
    t.notMatch(text, /RESN/);
    const lost = (await s.request('GET', '/v1/gedcom/loss-reports', { query: { report_id: job.result.report_id } })).json().items;
    t.same(lost.filter((item: { path: string }) => /RESN/.test(item.path)).map((item: { path: string; reason: string }) => `${item.path}: ${item.reason}`).sort(), [
      `INDI.RESN: restriction "secret" has no RESN line here in ${version}: written as a note`,
      `SOUR.RESN: restriction "privacy" has no RESN line here in ${version}: written as a note`,
    ]);
    if (version === '5.5.1') t.match(text, /\n1 RIN 7\n(?:[1-9] .*\n)*1 NOTE Record id \(RIN\): 8\n/, '5.5.1 has one RIN: the second stays a note');
  }
});
