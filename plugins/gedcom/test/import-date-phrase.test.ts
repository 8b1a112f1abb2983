import t from 'tap';
import { cardOf, gedcom, imported } from './helpers.js';
import { exported, exportServer } from './export-fixture.js';
import { importedBack } from './round-trip-summary.js';

/**
 * A GEDCOM 7 DATE with a PHRASE: the date as given comes back. Our own 7.0 export writes a
 * date its grammar cannot hold that way (`DATE 12 MAR 1638` + `PHRASE 12 MAR 1637/38`; an
 * empty `DATE` + `PHRASE 10 JAN`), so a round trip must not lose it (royal92: Catherine Laura
 * Stuart's birth, Anne Hyde's).
 */

const bornOn = (xref: string, name: string, date: string[]) => [`0 @${xref}@ INDI`, `1 NAME ${name}`, '1 BIRT', ...date];

t.test('a 7.0 DATE with a PHRASE keeps the date as given, on claims and on family events', async (t) => {
  const { tree, lost } = await imported(t, gedcom(
    '7.0',
    ...bornOn('I1', 'Catherine /Stuart/', ['2 DATE', '3 PHRASE 10 JAN']),
    ...bornOn('I2', 'Anne /Hyde/', ['2 DATE 12 MAR 1638', '3 PHRASE 12 MAR 1637/38']),
    ...bornOn('I3', 'Jan /Vos/', ['2 DATE 1 JAN 1900', '3 PHRASE New Year\'s Day, 1900']),
    ...bornOn('I4', 'Piet /de Vos/', ['2 DATE BET 1900 AND 1910', '3 PHRASE in the 1900s']),
    '0 @F1@ FAM', '1 HUSB @I3@', '1 WIFE @I2@', '1 MARR', '2 DATE', '3 PHRASE the Sunday after Easter',
  ));
  t.same(tree.prepare("SELECT date FROM assertions WHERE kind = 'birth' ORDER BY date").pluck().all(), [
    '10 JAN',
    '12 MAR 1637/38',
    'BET 1900 AND 1910 (in the 1900s)',
    'INT 1 JAN 1900 (New Year\'s Day, 1900)',
  ], 'the phrase is the date when it is the date in words; otherwise beside it, as 5.5.1 writes it');
  t.same(tree.prepare("SELECT date FROM events WHERE type = 'MARR'").pluck().all(), ['the Sunday after Easter']);
  t.same(lost, [], 'no PHRASE reported lost');
});

t.test('our own 7.0 export, imported again, gives back the dates of the 5.5.1 file', async (t) => {
  const s = await exportServer(t);
  const dates = { 'Catherine Laura Stuart': '10 JAN', 'Anne Hyde': '12 MAR 1637/1638', 'James Stuart': 'INT 1633 (about the time of the fire)' };
  await imported(t, gedcom('5.5.1', ...Object.entries(dates).flatMap(([name, date], at) => [`0 @I${at}@ INDI`, `1 NAME ${name.replace(/ (\S+)$/, ' /$1/')}`, '1 BIRT', `2 DATE ${date}`, '1 DEAT', '2 DATE 1700'])), s);
  const { text, bytes } = await exported(s, { version: '7.0', include_living: true });
  t.match(text, /2 DATE\n3 PHRASE 10 JAN\n/, 'the export writes the date it cannot parse as a phrase');
  const fresh = await importedBack(t, s, '7.0', bytes, 'royal');
  for (const [name, date] of Object.entries(dates)) t.equal((await cardOf(s, name, fresh.id)).birth?.date, date, `${name}: born ${date}, as in the file first imported`);
});

t.test('a second DATE, and what stands under a DATE besides its PHRASE and TIME, are reported', async (t) => {
  const { tree, lost } = await imported(t, gedcom('7.0', ...bornOn('I1', 'Ann /Lee/', ['2 DATE 1850', '3 TIME 10:00', '3 _ERA CE', '2 DATE 1851', '3 TIME 11:00'])));
  t.same(tree.prepare("SELECT date FROM assertions WHERE kind = 'birth'").pluck().all(), ['1850']);
  t.same(lost.sort(), [
    'INDI.BIRT.DATE second date not kept on the claim',
    'INDI.BIRT.DATE.TIME kept as a note on the claim ("Time of day: ..."); 7.0 exports write it back under the DATE (5.5.1 has no TIME there: the note)',
    'INDI.BIRT.DATE.TIME not kept on the claim',
    'INDI.BIRT.DATE._ERA not kept on the claim',
  ], "the first date's time kept (import-fact-time.test.ts), the second date's not");
});
