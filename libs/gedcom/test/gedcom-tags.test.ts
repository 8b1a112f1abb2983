import t from 'tap';
import { isGedcomTag, isOnly70 } from '../src/index.js';

t.test('isGedcomTag: a tag of either standard, not an extension nor a tag no version defines', async (t) => {
  for (const tag of ['INDI', 'CHAN', 'AFN', 'RFN', 'SUBN', 'PHRASE', 'EXID', 'SNOTE', 'INIL']) t.ok(isGedcomTag(tag), `${tag}: standard`);
  for (const tag of ['_MILT', '_UID', 'HEAL', 'HIST', 'FSID', 'indi']) t.notOk(isGedcomTag(tag), `${tag}: no standard's`);
});

t.test('isOnly70: what 7.0 added, not what both have or 5.5.1 alone had', async (t) => {
  for (const tag of ['PHRASE', 'EXID', 'SNOTE', 'INIL', 'UID']) t.ok(isOnly70(tag), tag);
  for (const tag of ['INDI', 'AFN', 'RFN', '_MILT', 'HEAL']) t.notOk(isOnly70(tag), tag);
});
