import t from 'tap';
import { validateGedcom } from '@rootline/gedcom';
import { exported, exportServer, human, services } from './export-fixture.js';
import { gedcom, imported } from './helpers.js';
import { formOf } from '../src/export/media-format.js';

/**
 * Details of the export a genealogist would notice, each found missing from the suite by a
 * mutation sample (2026-11-29, seed 3): every NAME TYPE word of 7.0, a redacted place, a
 * citation's quality, a claim kind GEDCOM has no tag for, and the 5.5.1 FORM of a bitmap.
 */

t.test('a name claim typed in brackets is a NAME with its 7.0 TYPE word, or OTHER with the word as PHRASE', async (t) => {
  const s = await exportServer(t);
  const cradle = services(s);
  const persona = cradle.personasService.create(human, { name: 'Ann Cole', given: 'Ann', surname: 'Cole', sex: 'F' });
  cradle.personsService.conclude(human, [persona.id]);
  const types: [string, string, string][] = [
    ['aka', 'Nan Cole', 'Nan /Cole/'],
    ['birth', 'Ann Barrow', 'Ann /Barrow/'],
    ['immigrant', 'Anna Kohl', 'Anna Kohl'],
    ['maiden', 'Ann Jenkins', 'Ann /Jenkins/'],
    ['married', 'Ann Whitfield', 'Ann /Whitfield/'],
    ['professional', 'Madame Annette', 'Madame Annette'],
  ];
  for (const [type, name] of types) cradle.assertionsService.capture(human, { persona: persona.id, kind: 'name', value: `${name} (${type})` });
  cradle.assertionsService.capture(human, { persona: persona.id, kind: 'name', value: 'Sister Agnes (religious)' });
  const { text } = await exported(s, { version: '7.0', include_living: true });
  for (const [type, , line] of types) t.match(text, `\n1 NAME ${line}\n2 TYPE ${type.toUpperCase()}\n`, `${type}: TYPE ${type.toUpperCase()}`);
  t.match(text, /\n1 NAME Sister Agnes\n2 TYPE OTHER\n3 PHRASE religious\n/, 'a word 7.0 does not list');
});

t.test('a redacted place or date of a claim is left out, the rest of the fact written', async (t) => {
  const s = await exportServer(t);
  const cradle = services(s);
  const persona = cradle.personasService.create(human, { name: 'Ann Cole', given: 'Ann', surname: 'Cole', sex: 'F' });
  cradle.personsService.conclude(human, [persona.id]);
  const birth = cradle.assertionsService.capture(human, { persona: persona.id, kind: 'birth', date: '3 MAY 1850', place: 'Ledbury' });
  const death = cradle.assertionsService.capture(human, { persona: persona.id, kind: 'death', date: '9 JUN 1910', place: 'Hereford' });
  cradle.redactionsService.create(human, { target: birth.id, field: 'place', reason: 'family wish' });
  cradle.redactionsService.create(human, { target: death.id, field: 'date', reason: 'family wish' });
  const { text } = await exported(s, { version: '7.0', include_living: true });
  t.match(text, /\n1 BIRT\n2 DATE 3 MAY 1850\n(?!2 PLAC)/, 'the birth keeps its date');
  t.notMatch(text, /Ledbury/, 'and not its place');
  t.match(text, /\n1 DEAT\n2 PLAC Hereford\n/, 'the death keeps its place');
  t.notMatch(text, /9 JUN 1910/, 'and not its date');
});

t.test('a citation\'s quality is written as QUAY, trimmed; other qualities are reported', async (t) => {
  const s = await exportServer(t);
  const cradle = services(s);
  const register = cradle.sourcesService.create(human, { title: 'Ledbury parish register' });
  const persona = cradle.personasService.create(human, { name: 'Ann Cole', given: 'Ann', surname: 'Cole', sex: 'F' });
  cradle.personsService.conclude(human, [persona.id]);
  const good = cradle.citationsService.create(human, { source: register.id, elements: { page: 'folio 3', quality: ' 2 ' } });
  const bad = cradle.citationsService.create(human, { source: register.id, elements: { page: 'folio 4', quality: 'good' } });
  cradle.assertionsService.capture(human, { persona: persona.id, kind: 'birth', date: '1850', source: register.id, citation: good.id });
  cradle.assertionsService.capture(human, { persona: persona.id, kind: 'death', date: '1910', source: register.id, citation: bad.id });
  const { job, text } = await exported(s, { version: '7.0', include_living: true });
  t.match(text, /\n2 SOUR @S1@\n3 PAGE folio 3\n3 QUAY 2\n/);
  t.match(text, /\n2 SOUR @S1@\n3 PAGE folio 4\n(?!3 QUAY)/);
  const lost = (await s.request('GET', '/v1/gedcom/loss-reports', { query: { report_id: job.result.report_id } })).json().items;
  t.ok(lost.some((item: { path: string; reason: string }) => item.path === 'INDI.DEAT.SOUR.QUAY' && item.reason === 'quality other than 0 to 3 not written'));
});

t.test('a claim kind GEDCOM has no tag for is an EVEN whose TYPE is the kind in words', async (t) => {
  const s = await exportServer(t);
  const cradle = services(s);
  const persona = cradle.personasService.create(human, { name: 'Ann Cole', given: 'Ann', surname: 'Cole', sex: 'F' });
  cradle.personsService.conclude(human, [persona.id]);
  cradle.assertionsService.capture(human, { persona: persona.id, kind: 'land_grant', date: '1872', place: 'Ontario' });
  const { text } = await exported(s, { version: '7.0', include_living: true });
  t.match(text, /\n1 EVEN\n2 TYPE land grant\n2 DATE 1872\n2 PLAC Ontario\n/);
});

t.test('5.5.1 names a bitmap\'s FORM bmp, from its media type or its extension', async (t) => {
  t.same(formOf('image/bmp', 'scan', undefined, '5.5.1'), { value: 'bmp' });
  t.same(formOf(undefined, 'scan.bmp', undefined, '5.5.1'), { value: 'bmp' });
  t.same(formOf('image/bmp; charset=binary', 'scan', undefined, '5.5.1'), { value: 'bmp' }, 'parameters of the type set aside');
});

t.test("an LDS ordinance has no payload, not even Y; a bare one has no 7.0 line; a name's citation is reported under INDI.NAME", async (t) => {
  const s = await exportServer(t);
  const cradle = services(s);
  const register = cradle.sourcesService.create(human, { title: 'Ledbury parish register' });
  const page = cradle.citationsService.create(human, { source: register.id, elements: { page: 'folio 3', film: '1234' } });
  const ann = cradle.personasService.create(human, { name: 'Ann Cole', given: 'Ann', surname: 'Cole' });
  cradle.assertionsService.capture(human, { persona: ann.id, kind: 'lds_baptism' });
  cradle.assertionsService.capture(human, { persona: ann.id, kind: 'lds_confirmation', value: 'by proxy' });
  cradle.assertionsService.capture(human, { persona: ann.id, kind: 'name', value: 'Ann Hill (married)', source: register.id, citation: page.id });
  const tom = cradle.personasService.create(human, { name: 'Tom Hill', given: 'Tom', surname: 'Hill' });
  const [annPerson, tomPerson] = [cradle.personsService.conclude(human, [ann.id]), cradle.personsService.conclude(human, [tom.id])];
  cradle.familyService.create(human, { kind: 'spouse', partners: [tomPerson.id, annPerson.id] });
  cradle.eventsService.create(human, { type: 'SLGS', participants: [{ person: tomPerson.id, role: 'husband' }, { person: annPerson.id, role: 'wife' }] });
  cradle.eventsService.create(human, { type: 'MARR', participants: [{ person: tomPerson.id, role: 'husband' }, { person: annPerson.id, role: 'wife' }] });
  for (const version of ['7.0', '5.5.1'] as const) {
    const { job, text, bytes } = await exported(s, { version, include_living: true });
    t.match(text, /\n1 CONL\n2 NOTE by proxy\n/, `${version}: a value is a note, with no Y`);
    t.match(text, /\n1 MARR Y\n/, `${version}: a bare marriage says Y`);
    t.same((await validateGedcom(bytes)).errors, [], `${version}: no errors`);
    const lost = (await s.request('GET', '/v1/gedcom/loss-reports', { query: { report_id: job.result.report_id } })).json().items;
    const bare = lost.filter((item: { reason: string }) => item.reason.includes('with nothing under it')).map((item: { path: string; reason: string }) => `${item.path}: ${item.reason}`).sort();
    if (version === '7.0') {
      t.notMatch(text, /\n1 (BAPL|SLGS)\b/, '7.0: a bare ordinance is not written');
      t.same(bare, [
        'FAM.SLGS: SLGS with nothing under it (no date, temple, place, status, note or source) has no 7.0 line: not written',
        'INDI.BAPL: BAPL with nothing under it (no date, temple, place, status, note or source) has no 7.0 line: not written',
      ]);
    } else {
      t.match(text, /\n1 BAPL\n/, '5.5.1: BAPL alone');
      t.match(text, /\n1 SLGS\n/, '5.5.1: SLGS alone');
      t.same(bare, []);
    }
    t.ok(lost.some((item: { path: string; reason: string }) => item.path === 'INDI.NAME.SOUR.PAGE' && item.reason === 'citation element "film" has no GEDCOM line: not written'), `${version}: the further name's citation element`);
  }
});

t.test("a note reading 'Type: ...' on an EVEN or FACT stays a NOTE: their TYPE is their value's", async (t) => {
  const s = await exportServer(t);
  const cradle = services(s);
  const ann = cradle.personasService.create(human, { name: 'Ann Cole', given: 'Ann', surname: 'Cole' });
  const served = cradle.assertionsService.capture(human, { persona: ann.id, kind: 'fact', value: 'Military service: Regular Army' });
  cradle.notesService.create(human, { target: served.id, text: 'Type: volunteer' });
  const job = cradle.assertionsService.capture(human, { persona: ann.id, kind: 'occupation', value: 'teacher' });
  cradle.notesService.create(human, { target: job.id, text: 'Type: part time' });
  cradle.personsService.conclude(human, [ann.id]);
  const { text } = await exported(s, { version: '7.0', include_living: true });
  t.match(text, /\n1 FACT Regular Army\n2 TYPE Military service\n2 NOTE Type: volunteer\n/, 'the FACT keeps its own TYPE and the note');
  t.match(text, /\n1 OCCU teacher\n2 TYPE part time\n/, "another fact's 'Type: ...' note is its TYPE line");
});

t.test('a FORM is taken as a media type only when it is one, whole', async (t) => {
  t.same(formOf('image/jpeg', 'scan', undefined, '7.0'), { value: 'image/jpeg' });
  t.same(formOf('Image/JPEG; q=1', 'scan', undefined, '7.0'), { value: 'image/jpeg; q=1' }, 'with its parameters');
  t.same(formOf('scan of image/jpeg', 'scan.png', undefined, '7.0'), { value: 'image/png' }, 'words before it: no media type; the extension says');
  t.same(formOf('image/jpeg scan', 'scan.png', undefined, '7.0'), { value: 'image/png' }, 'words after it, not a parameter: no media type');
  t.same(formOf('image/jpeg ; q=1', 'scan.png', undefined, '7.0'), { value: 'image/jpeg ; q=1' }, 'a space before the parameter');
});

t.test('a date no calendar has is written as a phrase: 7.0 a PHRASE of an empty DATE, 5.5.1 in parentheses', async (t) => {
  const s = await exportServer(t);
  const cradle = services(s);
  const ann = cradle.personasService.create(human, { name: 'Ann Cole', given: 'Ann', surname: 'Cole' });
  for (const date of ['29 FEB 1635', '31 APR 1900', 'ABT 30 FEB 1850', '29 FEB 1634/35', '29 FEB 1636', '30 APR 1900']) cradle.assertionsService.capture(human, { persona: ann.id, kind: 'residence', date });
  cradle.personsService.conclude(human, [ann.id]);
  const seven = await exported(s, { version: '7.0', include_living: true });
  for (const date of ['29 FEB 1635', '31 APR 1900', 'ABT 30 FEB 1850', '29 FEB 1634/35']) t.ok(seven.text.includes(`\n2 DATE\n3 PHRASE ${date}\n`), `7.0: ${date}`);
  t.match(seven.text, /\n2 DATE 29 FEB 1636\n/, '7.0: a leap day of a leap year is a date');
  t.match(seven.text, /\n2 DATE 30 APR 1900\n/);
  t.same((await validateGedcom(seven.bytes)).errors, []);
  const old = await exported(s, { version: '5.5.1', include_living: true });
  for (const date of ['29 FEB 1635', '31 APR 1900', 'ABT 30 FEB 1850', '29 FEB 1634/35']) t.ok(old.text.includes(`\n2 DATE (${date})\n`), `5.5.1: ${date}`);
  t.match(old.text, /\n2 DATE 29 FEB 1636\n/);
  t.same((await validateGedcom(old.bytes)).errors, []);
});

t.test('a person with nothing written is SEX U in 7.0 (no record may be empty there), bare in 5.5.1', async (t) => {
  const s = await exportServer(t);
  // A child of a family with no parents: no edge, no name, nothing else.
  await imported(t, gedcom('7.0', '0 @1@ INDI', '1 FAMC @2@', '2 PEDI BIRTH', '0 @2@ FAM', '1 CHIL @1@'), s);
  const seven = await exported(s, { version: '7.0', include_living: true });
  t.match(seven.text, /\n0 @I1@ INDI\n1 SEX U\n0 /);
  t.same((await validateGedcom(seven.bytes)).errors, []);
  const old = await exported(s, { version: '5.5.1', include_living: true });
  t.match(old.text, /\n0 @I1@ INDI\n0 /);
  t.same((await validateGedcom(old.bytes)).errors, []);
});
