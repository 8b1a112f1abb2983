import t from 'tap';
import { exported, exportServer, human, services } from './export-fixture.js';
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
