import t from 'tap';
import { validateGedcom } from '@rootline/gedcom';
import { exported, exportServer, finished } from './export-fixture.js';
import { upload } from './helpers.js';

/** A dead couple's FAM with attributes and typed events, as TGC551 and maximal70 write them. */
const FILE = [
  '0 HEAD', '1 GEDC', '2 VERS 5.5.1', '2 FORM LINEAGE-LINKED', '1 CHAR UTF-8',
  '0 @I1@ INDI', '1 NAME John /Field/', '1 SEX M', '1 DEAT Y', '1 FAMS @F1@',
  '0 @I2@ INDI', '1 NAME Mary /Field/', '1 SEX F', '1 DEAT Y', '1 FAMS @F1@',
  '0 @F1@ FAM', '1 HUSB @I1@', '1 WIFE @I2@',
  '1 MARR', '2 TYPE civil', '2 DATE 1850',
  '1 NCHI 42',
  '1 RESI Upper House, Ledbury', '2 TYPE farm',
  '0 @F2@ FAM', '1 HUSB @I1@',
  '1 NCHI 2', '2 TYPE living children',
  '0 TRLR', '',
].join('\n');

/** The lines of a family from its first line at level 1 to the next record. */
const family = (text: string, xref: string) => `\n${text.split(`0 @${xref}@ FAM\n`)[1].split('\n0 ')[0]}\n`;

t.test('a family attribute keeps its value as the payload and its TYPE as TYPE; a typed event keeps its TYPE', async (t) => {
  const s = await exportServer(t);
  t.equal((await finished(s, (await upload(s, FILE)).json().job_id)).state, 'succeeded');
  const seven = await exported(s, { version: '7.0' });
  t.match(family(seven.text, 'F1'), /\n1 MARR\n2 TYPE civil\n2 DATE 1850\n/, 'the marriage keeps its TYPE');
  t.match(family(seven.text, 'F1'), /\n1 NCHI 42\n/, 'TGC551: NCHI 42, not NCHI with TYPE 42');
  t.match(family(seven.text, 'F1'), /\n1 RESI Upper House, Ledbury\n2 TYPE farm\n/, 'maximal70: the residence its payload, the kind of residence its TYPE');
  t.match(family(seven.text, 'F2'), /\n1 NCHI 2\n2 TYPE living children\n/);
  t.same((await validateGedcom(seven.bytes)).errors, [], '7.0: no "NCHI needs a payload"');

  const old = await exported(s, { version: '5.5.1' });
  t.match(family(old.text, 'F1'), /\n1 NCHI 42\n/);
  t.match(family(old.text, 'F1'), /\n1 RESI\n2 TYPE farm\n2 NOTE Upper House, Ledbury\n/, '5.5.1 RESI has no payload: the value a note, reported');
  const lost = (await s.request('GET', '/v1/gedcom/loss-reports', { query: { report_id: old.job.result.report_id } })).json().items;
  t.match(lost, [{ path: 'FAM.RESI', reason: 'RESI has no value line: the value is written as a note' }]);
  t.same((await validateGedcom(old.bytes)).errors, [], '5.5.1: valid');
});
