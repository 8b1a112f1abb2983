import t from 'tap';
import { exported, exportLosses, exportServer, human, services } from './export-fixture.js';

/**
 * The shapes of facts an export writes that no other test file looked at closely (a mutation
 * sample of `src/export/facts.ts`, stop 54): the report of a claim kind with no tag, a note of
 * an EVEN or FACT that reads like a TYPE, a claim redacted as a whole, and the events of one
 * person that are EVEN (a custom type, or a type GEDCOM does not define on an individual).
 */

t.test('a kind with no tag and an EVEN or FACT claim keep a note reading "Type: ..." as a note; the kind with no tag is not reported', async (t) => {
  const s = await exportServer(t);
  const cradle = services(s);
  const persona = cradle.personasService.create(human, { name: 'Ann Cole', given: 'Ann', surname: 'Cole', sex: 'F' });
  cradle.personsService.conclude(human, [persona.id]);
  const grant = cradle.assertionsService.capture(human, { persona: persona.id, kind: 'land_grant', date: '1872' });
  cradle.notesService.create(human, { target: grant.id, text: 'Type: crown grant' });
  const trade = cradle.assertionsService.capture(human, { persona: persona.id, kind: 'event', value: 'Apprenticeship: Cooper' });
  cradle.notesService.create(human, { target: trade.id, text: 'Type: indenture' });
  const served = cradle.assertionsService.capture(human, { persona: persona.id, kind: 'fact', value: 'Military service: Militia' });
  cradle.notesService.create(human, { target: served.id, text: 'Type: volunteer' });
  for (const version of ['7.0', '5.5.1'] as const) {
    const { text, job } = await exported(s, { version, include_living: true });
    t.match(text, /\n1 EVEN\n2 TYPE land grant\n2 DATE 1872\n2 NOTE Type: crown grant\n/, `${version}: the kind in words is the TYPE, the note stays a note`);
    t.match(text, /\n1 EVEN Cooper\n2 TYPE Apprenticeship\n2 NOTE Type: indenture\n/, version);
    t.match(text, /\n1 FACT Militia\n2 TYPE Military service\n2 NOTE Type: volunteer\n/, version);
    t.same(await exportLosses(s, job.result.report_id), [], `${version}: nothing reported`);
  }
});

t.test('a claim redacted as a whole is not written, and the report says so', async (t) => {
  const s = await exportServer(t);
  const cradle = services(s);
  const persona = cradle.personasService.create(human, { name: 'Ann Cole', given: 'Ann', surname: 'Cole', sex: 'F' });
  cradle.personsService.conclude(human, [persona.id]);
  cradle.assertionsService.capture(human, { persona: persona.id, kind: 'birth', date: '1850' });
  const illness = cradle.assertionsService.capture(human, { persona: persona.id, kind: 'occupation', value: 'asylum attendant' });
  cradle.redactionsService.create(human, { target: illness.id, reason: 'family wish' });
  const { text, job } = await exported(s, { version: '7.0', include_living: true });
  t.match(text, /\n1 BIRT\n2 DATE 1850\n/);
  t.notMatch(text, /OCCU|asylum/, 'no line of the redacted claim');
  t.same(await exportLosses(s, job.result.report_id), ['INDI redacted claim not written (1)']);
});

t.test("one person's custom event is an EVEN with its type; a type GEDCOM has not on an individual is an EVEN too, reported", async (t) => {
  const s = await exportServer(t);
  const cradle = services(s);
  const persona = cradle.personasService.create(human, { name: 'Ann Cole', given: 'Ann', surname: 'Cole', sex: 'F' });
  const ann = cradle.personsService.conclude(human, [persona.id]);
  cradle.eventsService.create(human, { type: 'custom:Apprenticeship', description: 'Cooper', date: '1866', participants: [{ person: ann.id, role: 'principal' }] });
  cradle.eventsService.create(human, { type: 'DIV', date: '1890', participants: [{ person: ann.id, role: 'principal' }] });
  for (const version of ['7.0', '5.5.1'] as const) {
    const { text, job } = await exported(s, { version, include_living: true });
    t.match(text, /\n1 EVEN Cooper\n2 TYPE Apprenticeship\n2 DATE 1866\n/, `${version}: the custom type is the TYPE, the description the payload`);
    t.match(text, /\n1 EVEN\n2 TYPE DIV\n2 DATE 1890\n/, `${version}: DIV, a family's event, is an EVEN on the INDI`);
    t.same(await exportLosses(s, job.result.report_id), ['INDI.DIV event type GEDCOM does not define here: written as EVEN with its type (1)'], version);
  }
});
