import t from 'tap';
import { validateGedcom } from '@rootline/gedcom';
import { exported, exportServer, finished } from './export-fixture.js';
import { upload } from './helpers.js';

/**
 * What the reviewer's exports of TGC551, royal92 and maximal70 held that our own validator
 * refuses: an IDNO without the TYPE it needs (its own TYPE is kept since gedcom 0.1.18), 5.5.1 years without their digits, B.C. after a
 * month, two years read as a malformed dual year, and 7.0's INIL in a 5.5.1 file.
 */
const FILE = [
  '0 HEAD', '1 GEDC', '2 VERS 5.5.1', '2 FORM LINEAGE-LINKED', '1 CHAR UTF-8',
  '0 @I1@ INDI', '1 NAME Joseph /Torture/',
  '1 IDNO 123-45-6789', '2 TYPE Social Insurance Number',
  '1 BIRT', '2 DATE 5 MAY 0005 B.C.',
  '1 RETI', '2 DATE 11 NIVO 0006',
  '1 BURI', '2 DATE 5 VEND 0010',
  '1 INIL', '2 DATE 1 JAN 1900',
  '0 @I2@ INDI', '1 NAME Edgar /Atheling/', '1 IDNO A-42',
  '1 BIRT', '2 DATE 1056/1060',
  '1 DEAT', '2 DATE ABT 1103/1105',
  '1 CHR', '2 DATE 1027/1028',
  '0 TRLR', '',
].join('\n');

/** The DATE lines of an INDI, in order. */
const dates = (text: string, xref: string) => `\n${text.split(`0 @${xref}@ INDI\n`)[1].split('\n0 ')[0]}`.match(/\n2 DATE [^\n]*/g)!.map((line) => line.slice(8));

t.test('5.5.1 and 7.0 exports pass our validator: IDNO with a TYPE, dates 5.5.1 can read, no INIL in 5.5.1', async (t) => {
  const s = await exportServer(t);
  t.equal((await finished(s, (await upload(s, FILE)).json().job_id)).state, 'succeeded');
  const old = await exported(s, { version: '5.5.1' });
  t.same((await validateGedcom(old.bytes)).errors, [], '5.5.1: no errors');
  t.same(dates(old.text, 'I1'), ['INT 5 B.C. (5 MAY 5 B.C.)', '@#DFRENCH R@ 11 NIVO 0006', '@#DFRENCH R@ 5 VEND 0010'], 'B.C. after the year alone, the day and month in the phrase; French years of four digits');
  t.same(dates(old.text, 'I2'), ['BET 1056 AND 1060', 'BET 1103 AND 1105', '1027/28'], '"1056 or 1060" between the two, not 1056/60; a true dual year kept');
  t.notMatch(old.text, /\n1 INIL\b/, 'INIL is not 5.5.1');
  t.match(old.text, /\n1 IDNO 123-45-6789\n2 TYPE Social Insurance Number\n/, 'IDNO keeps its number and its TYPE');
  t.match(old.text, /\n1 IDNO A-42\n2 TYPE identity number\n/, 'an IDNO that had no TYPE gets the one it needs');
  const lost = (await s.request('GET', '/v1/gedcom/loss-reports', { query: { report_id: old.job.result.report_id } })).json().items;
  t.match(lost.filter((item: { path: string }) => ['INDI.INIL', 'INDI.IDNO.TYPE'].includes(item.path)), [
    { path: 'INDI.IDNO.TYPE', reason: 'the kind was not kept: TYPE written "identity number"' },
    { path: 'INDI.INIL', reason: 'INIL is not in GEDCOM 5.5.1: not written' },
  ]);

  const seven = await exported(s, { version: '7.0' });
  t.same((await validateGedcom(seven.bytes)).errors, [], '7.0: no errors');
  t.match(seven.text, /\n1 IDNO 123-45-6789\n2 TYPE Social Insurance Number\n/);
  t.match(seven.text, /\n1 IDNO A-42\n2 TYPE identity number\n/);
  t.match(seven.text, /\n1 INIL\n2 DATE 1 JAN 1900\n/, '7.0 has INIL');
});
