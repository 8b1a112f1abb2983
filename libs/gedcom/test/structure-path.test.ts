import t from 'tap';
import { recordType, structureTypeAt } from '../src/index.js';

t.test('structureTypeAt walks the GEDCOM 7 tables down a path of tags', async (t) => {
  const sour = recordType('SOUR');
  t.equal(structureTypeAt(sour, []), sour, 'no tags: the start itself');
  t.equal(structureTypeAt(sour, ['DATA']), 'DATA');
  t.equal(structureTypeAt(sour, ['DATA', 'EVEN']), 'DATA-EVEN');
  t.equal(structureTypeAt(sour, ['DATA', 'EVEN', 'DATE']), 'DATA-EVEN-DATE', "a source's recorded events' period, not an event's DATE");
  t.equal(structureTypeAt(recordType('INDI'), ['BIRT', 'DATE']), 'DATE', 'the same tag elsewhere is another structure');
  t.equal(structureTypeAt(sour, ['DATA', 'BIRT']), undefined, 'no such line there');
  t.equal(structureTypeAt(sour, ['NOPE', 'DATE']), undefined, 'a path that leaves the tables stays out');
  t.equal(structureTypeAt(undefined, ['DATA']), undefined, 'no start');
});

t.test('structureTypeAt for 5.5.1: a path through a tag only GEDCOM 7 has is none', async (t) => {
  const age = structureTypeAt(recordType('FAM'), ['MARR', 'HUSB', 'AGE']);
  t.equal(age, 'AGE');
  t.equal(structureTypeAt(recordType('FAM'), ['MARR', 'HUSB', 'AGE', 'PHRASE']), 'PHRASE');
  t.equal(structureTypeAt(recordType('FAM'), ['MARR', 'HUSB', 'AGE', 'PHRASE'], '5.5.1'), undefined, '5.5.1 has no PHRASE');
  t.equal(structureTypeAt(recordType('FAM'), ['MARR', 'HUSB', 'AGE'], '5.5.1'), 'AGE', 'what both versions have');
  t.equal(structureTypeAt(recordType('INDI'), ['EXID'], '5.5.1'), undefined, 'EXID is 7.0 only');
  t.equal(structureTypeAt(recordType('INDI'), ['EXID'], '7.0'), 'EXID');
});
