import t from 'tap';
import { gedcom, imported } from './helpers.js';

/**
 * What the HEAD says of the file (the program that wrote it, when, its copyright, the form of
 * its places, its language, its notes) is a note about the import run; a CHAN anywhere is
 * reported with why it is not kept.
 */

const runNotes = async (s: Awaited<ReturnType<typeof imported>>['s'], importKey: string) =>
  (await s.request('GET', '/v1/notes', { query: { target: importKey } })).json().map((note: { text: string }) => note.text) as string[];

t.test('the file\'s header is a note about the run; the path of the file it names is not kept', async (t) => {
  const { s, job } = await imported(t, [
    '0 HEAD', '1 SOUR FTM', '2 NAME Family Tree Maker', '2 VERS 22.0', '2 CORP Ancestry.com', '2 DATA Ancestry Data',
    '1 DATE 12 JAN 2010', '2 TIME 10:00:00', '1 FILE C:\\Users\\mcole\\cole.ged', '1 COPR (c) 2010 Margaret Cole',
    '1 GEDC', '2 VERS 5.5.1', '2 FORM LINEAGE-LINKED', '1 CHAR UTF-8', '1 LANG English', '1 PLAC', '2 FORM City, County, Country',
    '1 NOTE Descendants of John Cole', '2 CONT of Ledbury', '1 NOTE', '2 CONT',
    '0 @I1@ INDI', '1 NAME Ann /Cole/', '1 CHAN', '2 DATE 3 MAR 2009',
    '0 TRLR', '',
  ].join('\n'));
  t.same(await runNotes(s, job.result.import_key), [[
    'About the file',
    'Made with: Family Tree Maker 22.0 (Ancestry.com)',
    'Data from: Ancestry Data',
    'Written on: 12 JAN 2010 10:00:00',
    'Copyright: (c) 2010 Margaret Cole',
    'Place format: City, County, Country',
    'Language: English',
    'Note: Descendants of John Cole\nof Ledbury',
  ].join('\n')]);
  t.notOk(JSON.stringify(await runNotes(s, job.result.import_key)).includes('mcole'), 'no path of the machine that wrote it');
  const report = (await s.request('GET', '/v1/gedcom/loss-reports', { query: { report_id: job.result.report_id } })).json().items as { path: string; reason: string }[];
  t.same(report.filter((item) => item.path.endsWith('CHAN')).map((item) => `${item.path}: ${item.reason}`), [
    "INDI.CHAN: the file's date of last change is not kept: the tree records its own changes (the record log)",
  ]);
});

t.test('a 7.0 header\'s shared note is read from its record, which is not kept again as unused', async (t) => {
  const { s, job, items } = await imported(t, gedcom('7.0', '1 DATE 2 FEB 2024', '1 SNOTE @N1@', '1 SNOTE @N9@', '0 @N1@ SNOTE Family papers, 1850-1920', '0 @I1@ INDI', '1 NAME Ann /Cole/').replace('0 HEAD\n', '0 HEAD\n1 SOUR rootline-test\n'));
  t.same(await runNotes(s, job.result.import_key), ['About the file\nMade with: rootline-test\nWritten on: 2 FEB 2024\nNote: Family papers, 1850-1920'], 'a date without a time; the shared note once');
  t.same(items.filter((item) => item.path.startsWith('HEAD')).map((item) => `${item.path}: ${item.reason}`), ['HEAD.SNOTE: points to no note record (@N9@)']);
});

t.test('a header that says nothing of the file makes no note', async (t) => {
  const { s, job } = await imported(t, gedcom('5.5.1', '0 @I1@ INDI', '1 NAME Ann /Cole/'));
  t.same(await runNotes(s, job.result.import_key), []);
});
