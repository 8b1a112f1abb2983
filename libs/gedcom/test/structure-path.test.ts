import t from 'tap';
import { recordType, structureTypeAt } from '../src/index.js';

t.test('structureTypeAt walks the GEDCOM 7 tables down a path of tags', async (t) => {
  const sour = recordType('SOUR');
  t.equal(structureTypeAt(sour, [], '7.0'), sour, 'no tags: the start itself');
  t.equal(structureTypeAt(sour, ['DATA'], '7.0'), 'DATA');
  t.equal(structureTypeAt(sour, ['DATA', 'EVEN'], '7.0'), 'DATA-EVEN');
  t.equal(structureTypeAt(sour, ['DATA', 'EVEN', 'DATE'], '7.0'), 'DATA-EVEN-DATE', "a source's recorded events' period, not an event's DATE");
  t.equal(structureTypeAt(recordType('INDI'), ['BIRT', 'DATE'], '7.0'), 'DATE', 'the same tag elsewhere is another structure');
  t.equal(structureTypeAt(sour, ['DATA', 'BIRT'], '7.0'), undefined, 'no such line there');
  t.equal(structureTypeAt(sour, ['NOPE', 'DATE'], '7.0'), undefined, 'a path that leaves the tables stays out');
  t.equal(structureTypeAt(undefined, ['DATA'], '7.0'), undefined, 'no start');
});

t.test('structureTypeAt for 5.5.1: a path through a tag only GEDCOM 7 has is none', async (t) => {
  const age = structureTypeAt(recordType('FAM'), ['MARR', 'HUSB', 'AGE'], '7.0');
  t.equal(age, 'AGE');
  t.equal(structureTypeAt(recordType('FAM'), ['MARR', 'HUSB', 'AGE', 'PHRASE'], '7.0'), 'PHRASE');
  t.equal(structureTypeAt(recordType('FAM'), ['MARR', 'HUSB', 'AGE', 'PHRASE'], '5.5.1'), undefined, '5.5.1 has no PHRASE');
  t.equal(structureTypeAt(recordType('FAM'), ['MARR', 'HUSB', 'AGE'], '5.5.1'), 'AGE', 'what both versions have');
  t.equal(structureTypeAt(recordType('INDI'), ['EXID'], '5.5.1'), undefined, 'EXID is 7.0 only');
  t.equal(structureTypeAt(recordType('INDI'), ['EXID'], '7.0'), 'EXID');
});
