import t from 'tap';
import { enumerationValues } from '@rootline/gedcom';
import { exported, exportServer, finished } from './export-fixture.js';
import { upload } from './helpers.js';
import { roleStructure } from '../src/export/roles.js';

const role = (word: string) => {
  const structure = roleStructure(word);
  return [structure.value, ...structure.children.map((part) => `${part.tag} ${part.value}`)].join(' / ');
};

t.test('a role 7.0 lists is written as its value, whatever its case; a kind of one keeps its word; anything else is OTHER', async (t) => {
  t.equal(role('Father'), 'FATH');
  t.equal(role('MOTHER'), 'MOTH');
  t.equal(role('witness'), 'WITN');
  t.equal(role('Neighbour'), 'NGHBR', 'British spelling');
  t.equal(role('fath'), 'FATH', 'the value itself, as a 7.0 file read back gives it');
  t.equal(role('godmother'), 'GODP / PHRASE godmother');
  t.equal(role('Twin'), 'MULTIPLE / PHRASE Twin');
  t.equal(role('other'), 'OTHER', 'OTHER without a phrase saying other');
  t.equal(role('Apprentice master'), 'OTHER / PHRASE Apprentice master');
  const listed = enumerationValues('ROLE');
  for (const word of ['child', 'clergy', 'father', 'friend', 'godparent', 'husband', 'mother', 'multiple', 'neighbor', 'officiator', 'parent', 'spouse', 'wife', 'witness']) {
    t.ok(listed.has(roleStructure(word).value!), `${word}: a value of the specification's list`);
  }
});

t.test('RELA Father imported from 5.5.1 is exported to 7.0 as ROLE FATH', async (t) => {
  const s = await exportServer(t);
  const file = [
    '0 HEAD', '1 GEDC', '2 VERS 5.5.1', '2 FORM LINEAGE-LINKED', '1 CHAR UTF-8',
    '0 @I1@ INDI', '1 NAME William /Smith/', '1 DEAT Y', '1 ASSO @I2@', '2 RELA Father', '1 ASSO @I3@', '2 RELA Godfather',
    '0 @I2@ INDI', '1 NAME John /Smith/', '1 DEAT Y',
    '0 @I3@ INDI', '1 NAME Thomas /Hill/', '1 DEAT Y',
    '0 TRLR', '',
  ].join('\n');
  t.equal((await finished(s, (await upload(s, file)).json().job_id)).state, 'succeeded');
  const { text } = await exported(s, { version: '7.0' });
  t.match(text, /\n1 ASSO @I2@\n2 ROLE FATH\n1 ASSO @I3@\n2 ROLE GODP\n3 PHRASE godfather\n/);
});
