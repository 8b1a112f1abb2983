import t from 'tap';
import { endsWithTrailer } from '../src/import/file-guard.js';
import { fixture, gedcom, imported } from './helpers.js';

/**
 * Details of the mapping a genealogist would notice, each found missing from the suite by a
 * mutation sample (2026-11-29, seed 3): a shared note under a fact, the number of children,
 * a marriage contract, a submission record, long values, and a DOS end-of-file mark.
 */

const file = (...lines: string[]) => gedcom('7.0', ...lines);

t.test('a shared note under a fact is the claim\'s note, not a loss', async (t) => {
  const { cradle, lost, tree } = await imported(t, file('0 @N1@ SNOTE Born at the forge', '0 @I1@ INDI', '1 NAME Ann /Cole/', '1 BIRT', '2 DATE 1850', '2 SNOTE @N1@'));
  t.notOk(lost.some((line) => line.includes('SNOTE')), 'SNOTE is mapped: nothing about it in the loss report');
  const claim = tree.prepare("SELECT id FROM assertions WHERE kind = 'birth'").pluck().get() as string;
  t.same(JSON.parse(cradle.notesService.forTargetJson(claim)).map((note: { text: string }) => note.text), ['Born at the forge']);
});

t.test('NCHI is the number of children; MARC is a family\'s event with both partners', async (t) => {
  const { tree, lost } = await imported(t, file(
    '0 @I1@ INDI', '1 NAME John /Cole/', '1 NCHI 3', '1 FAMS @F1@',
    '0 @I2@ INDI', '1 NAME Ann /Cole/', '1 FAMS @F1@',
    '0 @F1@ FAM', '1 HUSB @I1@', '1 WIFE @I2@', '1 MARC', '2 DATE 3 MAY 1870',
  ));
  t.same(tree.prepare("SELECT kind, value FROM assertions WHERE kind NOT IN ('name') ORDER BY kind").all(), [{ kind: 'number_of_children', value: '3' }]);
  const contract = tree.prepare("SELECT id, date FROM events WHERE type = 'MARC'").all() as { id: string; date: string }[];
  t.same(contract.map((event) => event.date), ['3 MAY 1870'], 'the marriage contract is an event');
  t.same(tree.prepare('SELECT role FROM event_participants WHERE event = ? ORDER BY role').pluck().all(contract[0].id), ['husband', 'wife']);
  t.same(lost, []);
});

t.test('a submission record (SUBN: the 5.5.1 request to an archive) is reported as not kept', async (t) => {
  const { lost } = await imported(t, ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '2 FORM LINEAGE-LINKED', '1 CHAR UTF-8', '0 @SUBN1@ SUBN', '1 FAMF Cole family', '0 @I1@ INDI', '1 NAME Ann /Cole/', '0 TRLR', ''].join('\n'));
  t.ok(lost.includes('SUBN submission records are not kept'), lost.join('; '));
});

t.test('values longer than a field holds are cut with an ellipsis, not refused', async (t) => {
  const place = `Ledbury ${'and the parish of Eastnor '.repeat(30)}`.trim();
  const { tree } = await imported(t, file('0 @I1@ INDI', '1 NAME Ann /Cole/', '1 BIRT', `2 PLAC ${place}`));
  const stored = tree.prepare("SELECT place FROM assertions WHERE kind = 'birth'").pluck().get() as string;
  t.equal(stored.length, 500, 'a place keeps 500 characters');
  t.equal(stored, `${place.slice(0, 499)}…`);
});

t.test('a file whose trailer is followed by a DOS end-of-file mark is whole', async (t) => {
  t.ok(endsWithTrailer(Buffer.from('0 HEAD\r\n0 TRLR\r\n\x1a')));
  t.ok(endsWithTrailer(Buffer.from('0 TRLR\x1a')));
  t.notOk(endsWithTrailer(Buffer.from('0 TRLR\r\n1 NOTE\x1a')), 'the mark is not a trailer');
  await imported(t, Buffer.concat([fixture('smith.ged'), Buffer.from([0x1a])]));
});

t.test('a byte invalid in the file\'s encoding is a warning counted once, however many passes read it', async (t) => {
  const text = ['0 HEAD', '1 GEDC', '2 VERS 5.5.1', '2 FORM LINEAGE-LINKED', '1 CHAR UTF-8', '0 @I1@ INDI', '1 NAME Ann /C\u0000ole/', '0 @I2@ INDI', '1 NAME Bea /C\u0000ole/', '0 TRLR', ''].join('\n');
  // Two bytes that are not UTF-8 (0xFF) where the NULs stand, one on line 7 and one on line 9.
  const { job, items } = await imported(t, Buffer.from(text.replaceAll('\u0000', '\u00ff'), 'latin1'));
  t.same(job.result.warnings, [{ code: 'invalid-byte', count: 2, line: 7 }], 'read tolerantly, not refused: one warning, counted twice');
  t.match(items.find((item) => item.path === '(reader) invalid-byte'), { count: 2, reason: 'read tolerantly', examples: [7] });
});
