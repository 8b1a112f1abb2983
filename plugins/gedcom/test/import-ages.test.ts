import t from 'tap';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateGedcom } from '@rootline/gedcom';
import { gedcom, imported } from './helpers.js';
import { notesOnClaimsAndEvents } from './item-notes.js';
import { exported, exportServer } from './export-fixture.js';
import { importedBack } from './round-trip-summary.js';

/**
 * A person's age at an event, as the record gave it (`2 AGE 42y` under a death: evidence of a
 * birth year), and each partner's age at a family event (`2 HUSB` + `3 AGE 25y` under a
 * marriage), once reported "not kept". Each is a note on the claim or event (`Age: 42y`,
 * `Husband's age: 25y`), and both exports write it back as its line where the version can read
 * the value; an age GEDCOM cannot read (`AGE 0`) stays a note.
 */

const FILE = gedcom(
  '5.5.1',
  '0 @I1@ INDI', '1 NAME John /Hay/', '1 SEX M',
  '1 DEAT', '2 DATE 3 MAR 1861', '2 AGE 42y',
  '1 OCCU Weaver', '2 AGE 30y 6m',
  '1 CHR', '2 AGE 0',
  '0 @I2@ INDI', '1 NAME Ann /Reid/', '1 SEX F',
  '0 @F1@ FAM', '1 HUSB @I1@', '1 WIFE @I2@', '1 MARR', '2 DATE 12 JUN 1844', '2 HUSB', '3 AGE 25y', '2 WIFE', '3 AGE 22y',
);

const ages = notesOnClaimsAndEvents;

const EXPECTED = [
  'John Hay: christening | Age: 0',
  'John Hay: death | Age: 42y',
  'John Hay: occupation | Age: 30y 6m',
  "family: MARR | Husband's age: 25y | Wife's age: 22y",
];

t.test("an age at an event, and each partner's at a marriage, are notes on the claim or event, reported as kept", async (t) => {
  const { s, items } = await imported(t, FILE);
  t.same(await ages(s), EXPECTED);
  t.same(items.map((item) => `${item.path}: ${item.reason}`).filter((line) => /AGE/.test(line)).sort(), [
    'FAM.MARR.HUSB.AGE: kept as a note on the event ("Husband\'s age: ..."); exports write it back as HUSB.AGE',
    'FAM.MARR.WIFE.AGE: kept as a note on the event ("Wife\'s age: ..."); exports write it back as WIFE.AGE',
    'INDI.CHR.AGE: kept as a note on the claim ("Age: ..."); exports write it back as AGE',
    'INDI.DEAT.AGE: kept as a note on the claim ("Age: ..."); exports write it back as AGE',
    'INDI.OCCU.AGE: kept as a note on the claim ("Age: ..."); exports write it back as AGE',
  ]);
  t.notOk(items.some((item) => !item.kept && /HUSB|WIFE|AGE/.test(item.path)), 'no partner line or age reported lost');
});

t.test('a partner line with something else than an age: that is reported, the age kept', async (t) => {
  const { s, items } = await imported(t, gedcom('7.0', '0 @I1@ INDI', '0 @I2@ INDI', '0 @F1@ FAM', '1 HUSB @I1@', '1 WIFE @I2@', '1 MARR', '2 HUSB', '3 AGE 25y', '3 _NICK Jack'));
  t.same(items.filter((item) => !item.kept).map((item) => `${item.path}: ${item.reason}`), ['FAM.MARR.HUSB._NICK: not kept on the event'], 'the other line is reported');
  t.same(await ages(s), ["family: MARR | Husband's age: 25y"]);
});

t.test('import -> export (7.0, 5.5.1) -> import: each age is written back as its line, and read back as the same note', async (t) => {
  const s = await exportServer(t);
  await imported(t, FILE, s);
  for (const version of ['7.0', '5.5.1'] as const) {
    const { text, bytes } = await exported(s, { version, include_living: true });
    t.match(text, /\n1 DEAT\n2 DATE 3 MAR 1861\n2 AGE 42y\n/, `${version}: the death's age`);
    t.match(text, /\n1 OCCU Weaver\n2 AGE 30y 6m\n/, `${version}: the occupation's`);
    t.match(text, /\n1 MARR\n2 DATE 12 JUN 1844\n2 HUSB\n3 AGE 25y\n2 WIFE\n3 AGE 22y\n/, `${version}: each partner's under the marriage`);
    t.match(text, /\n1 CHR\n2 NOTE Age: 0\n/, `${version}: an age GEDCOM cannot read stays a note`);
    t.notMatch(text, /NOTE (Age|Husband's age|Wife's age): \d+y/, `${version}: no readable age written as a note as well`);
    const fresh = await importedBack(t, s, version, bytes, 'ages');
    t.same(await ages(s, fresh.id), EXPECTED, `${version}: the same ages`);
  }
});

t.test('an age only GEDCOM 5.5.1 reads (CHILD, <8y) is its line in 5.5.1 and a note in 7.0', async (t) => {
  const s = await exportServer(t);
  await imported(t, gedcom('5.5.1', '0 @I1@ INDI', '1 NAME Tom /Hay/', '1 BURI', '2 AGE CHILD', '1 CHR', '2 AGE <8y'), s);
  const old = (await exported(s, { version: '5.5.1', include_living: true })).text;
  t.match(old, /\n1 BURI\n2 AGE CHILD\n/);
  t.match(old, /\n1 CHR\n2 AGE <8y\n/);
  const { text, bytes } = await exported(s, { version: '7.0', include_living: true });
  t.match(text, /\n1 BURI\n2 NOTE Age: CHILD\n/);
  t.match(text, /\n1 CHR\n2 NOTE Age: <8y\n/);
  t.same((await validateGedcom(bytes)).errors, []);
});

const official = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../shared/corpus/gedcom70-official/gedcom70/age.ged');

t.test("age.ged (GEDCOM 7's own examples): all 97 ages kept, and written back as they were", { skip: existsSync(official) ? false : `${official} not found` }, async (t) => {
  const s = await exportServer(t);
  const bytes = readFileSync(official);
  const { items } = await imported(t, bytes, s);
  t.equal(items.filter((item) => item.path === 'INDI.CHR.AGE' && item.kept).reduce((sum, item) => sum + item.count, 0), 97, 'every AGE with an age kept as a note');
  t.same(items.filter((item) => !item.kept && /AGE/.test(item.path)).map((item) => `${item.path}: ${item.reason}`).sort(), [
    'INDI.CHR.AGE: blank: nothing to keep',
  ], 'only the blank age of the one given as a phrase alone (`2 AGE` + `3 PHRASE Zero`) is reported: its phrase is kept');
  t.match(items.filter((item) => item.path === 'INDI.CHR.AGE.PHRASE'), [{ kept: true, count: 1 }]);
  const written = (await exported(s, { version: '7.0', include_living: true })).text;
  const agesOf = (text: string) => text.split(/\r?\n/).filter((line) => /^2 AGE /.test(line)).sort();
  t.same(agesOf(written), agesOf(bytes.toString('utf8')), 'the same 98 AGE lines');
});

/**
 * GEDCOM 7 gives an age in words beside its value (`2 AGE 0y` + `3 PHRASE stillborn`: 15 in the
 * corpus, reported "not kept"). The phrase is a note of its own on the claim or event (`Age in
 * words: stillborn`, a partner's `Husband's age in words: Adult`); a 7.0 export writes it back
 * as the PHRASE under the age it belongs to. 5.5.1 has no PHRASE: its export writes the note.
 * A phrase whose age is not written (blank, or an age GEDCOM cannot read) stays a note.
 */
const PHRASED = gedcom(
  '7.0',
  '0 @I1@ INDI', '1 NAME Tom /Hay/', '1 SEX M',
  '1 DEAT', '2 DATE 3 MAR 1861', '2 AGE 0y', '3 PHRASE stillborn',
  '1 BURI', '2 AGE', '3 PHRASE a few days',
  '0 @I2@ INDI', '1 NAME Ann /Reid/', '1 SEX F',
  '0 @F1@ FAM', '1 HUSB @I1@', '1 WIFE @I2@', '1 MARR', '2 DATE 12 JUN 1844', '2 HUSB', '3 AGE 25y', '4 PHRASE Adult', '2 WIFE', '3 AGE 22y',
);
const PHRASED_NOTES = [
  'Tom Hay: burial | Age in words: a few days',
  'Tom Hay: death | Age in words: stillborn | Age: 0y',
  "family: MARR | Husband's age in words: Adult | Husband's age: 25y | Wife's age: 22y",
];

t.test('an age in words (7.0 PHRASE) is a note of its own, written back under its age in 7.0 and as a note in 5.5.1', async (t) => {
  const s = await exportServer(t);
  const { items } = await imported(t, PHRASED, s);
  t.same(await ages(s), PHRASED_NOTES);
  t.same(items.filter((item) => /PHRASE/.test(item.path)).map((item) => `${item.path}: ${item.reason}`).sort(), [
    "FAM.MARR.HUSB.AGE.PHRASE: kept as a note on the event (\"Husband's age in words: ...\"); 7.0 exports write it back as HUSB.AGE.PHRASE; 5.5.1 has no PHRASE, so those write the note",
    'INDI.BURI.AGE.PHRASE: kept as a note on the claim ("Age in words: ..."); 7.0 exports write it back as AGE.PHRASE; 5.5.1 has no PHRASE, so those write the note',
    'INDI.DEAT.AGE.PHRASE: kept as a note on the claim ("Age in words: ..."); 7.0 exports write it back as AGE.PHRASE; 5.5.1 has no PHRASE, so those write the note',
  ]);
  const seven = await exported(s, { version: '7.0', include_living: true });
  t.match(seven.text, /\n1 DEAT\n2 DATE 3 MAR 1861\n2 AGE 0y\n3 PHRASE stillborn\n/, '7.0: the phrase under its age');
  t.match(seven.text, /\n1 MARR\n2 DATE 12 JUN 1844\n2 HUSB\n3 AGE 25y\n4 PHRASE Adult\n2 WIFE\n3 AGE 22y\n/, "7.0: the husband's phrase under his age, one HUSB line");
  t.match(seven.text, /\n1 BURI\n2 NOTE Age in words: a few days\n/, '7.0: a phrase with no age written stays a note');
  const old = await exported(s, { version: '5.5.1', include_living: true });
  t.match(old.text, /\n1 DEAT\n2 DATE 3 MAR 1861\n2 AGE 0y\n2 NOTE Age in words: stillborn\n/, '5.5.1: the age, and the phrase as a note');
  t.match(old.text, /\n2 HUSB\n3 AGE 25y\n2 WIFE\n3 AGE 22y\n2 NOTE Husband's age in words: Adult\n/);
  t.notMatch(old.text, /PHRASE/, '5.5.1: no PHRASE line');
  for (const [version, written] of [['7.0', seven], ['5.5.1', old]] as const) {
    const fresh = await importedBack(t, s, version, written.bytes, 'phrases');
    t.same(await ages(s, fresh.id), PHRASED_NOTES, `${version}: the same notes`);
  }
});

t.test('a phrase whose age GEDCOM cannot read is a note beside that age\'s note', async (t) => {
  const s = await exportServer(t);
  await imported(t, gedcom('7.0', '0 @I1@ INDI', '1 NAME Tom /Hay/', '1 CHR', '2 AGE 0', '3 PHRASE newborn'), s);
  const { text } = await exported(s, { version: '7.0', include_living: true });
  t.match(text, /\n1 CHR\n(2 NOTE .*\n){2}/);
  t.match(text, /\n2 NOTE Age: 0\n/);
  t.match(text, /\n2 NOTE Age in words: newborn\n/);
  t.notMatch(text, /PHRASE/);
});
