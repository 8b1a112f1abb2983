import t from 'tap';
import { systemActor } from '@rootline/kernel';
import { TreePicture } from '../src/picture.js';
import { MAX_FOLLOWED_RECORDS } from '../src/service.js';
import { Desk, signalsServer } from './fixtures/helpers.js';

/**
 * After the first read the signals follow the records written since instead of reading the
 * whole tree again. Whatever the change, what they show must be exactly what a reading of the
 * whole tree shows (`compute`), and only the first read, or a change too large to follow, reads
 * the whole tree.
 */
t.test('the signals follow every kind of change and always show what a whole reading shows', async (t) => {
  const s = await signalsServer(t);
  const d = new Desk(s);
  const kernel = s.server.kernel;
  const services = () => kernel.servicesFor(kernel.activeTree(), systemActor);
  let wholeReadings = 0;
  const built = TreePicture.built;
  TreePicture.built = (reads, pause) => {
    wholeReadings++;
    return built.call(TreePicture, reads, pause);
  };
  t.teardown(() => {
    TreePicture.built = built;
  });
  const check = async (step: string) => {
    const shown = await d.signals({ examples: 100 });
    t.same(shown, services().signalsService.compute(100), step);
    return shown;
  };

  const mother = await d.person('Mary', [{ kind: 'birth', date: '1820' }, { kind: 'death', date: '1850' }], { sex: 'F' });
  const father = await d.life('John', '1818', null, 'M');
  await check('the first read');
  t.equal(wholeReadings, 1, 'the first read reads the whole tree');
  wholeReadings = 0;

  const child = await d.life('Child', '1855');
  await d.parent(mother.id, child.id);
  let shown = await check('a child born after its mother died');
  t.equal(shown.date_inconsistencies.born_after_mother_death.count, 1);
  const fatherEdge = await d.parent(father.id, child.id);
  await check('a second parent');

  const baptism = await d.claim(child.persona, { kind: 'baptism', date: '1850' }, s.agentToken);
  shown = await check('a pending baptism before the birth');
  t.equal(shown.date_inconsistencies.baptism_before_birth.count, 1);
  await d.post(`/assertions/${baptism}/confirm`);
  await check('the baptism confirmed');
  await d.post(`/assertions/${baptism}/refute`);
  shown = await check('the baptism refuted');
  t.equal(shown.date_inconsistencies.baptism_before_birth.count, 0);

  const before = shown.conclusions_without_evidence.count;
  const occupation = await d.claim(father.persona, { kind: 'occupation', value: 'Weaver' });
  shown = await check('a confirmed claim without evidence');
  t.equal(shown.conclusions_without_evidence.count, before + 1);
  await d.post(`/assertions/${occupation}/attach-evidence`, { kind: 'url', url: 'https://example.org/weavers' });
  shown = await check('evidence attached');
  t.equal(shown.conclusions_without_evidence.count, before);
  const source = await d.source();
  const residence = await d.claim(mother.persona, { kind: 'residence', place: 'Ledbury', source });
  const sourceless = (signals: any) => signals.sourceless_people.examples.map((example: { id: string }) => example.id);
  shown = await check('a sourced claim');
  t.notOk(sourceless(shown).includes(mother.id), 'the mother is sourced now');
  services().assertionsService.remove(systemActor, residence, 'an import undone');
  shown = await check('the sourced claim removed');
  t.ok(sourceless(shown).includes(mother.id), 'the mother is sourceless again');
  await d.claim(mother.persona, { kind: 'residence', place: 'Ledbury', source });

  const marriage = await d.event({ type: 'MARR', date: '1825', participants: [{ person: mother.id, role: 'bride' }] });
  shown = await check('a marriage at five');
  t.equal(shown.date_inconsistencies.married_under_12.count, 1);
  await d.post(`/events/${marriage}/corrections`, { date: '1845', reason: 'misread' });
  shown = await check('the marriage date corrected');
  t.equal(shown.date_inconsistencies.married_under_12.count, 0);
  await d.post(`/events/${marriage}/corrections`, { date: '1826', reason: 'the register says 1826' });
  await d.post(`/events/${marriage}/participants`, { person: father.id, role: 'groom' });
  shown = await check('a groom added');
  t.equal(shown.date_inconsistencies.married_under_12.count, 2);
  await d.post(`/events/${marriage}/corrections`, { type: 'CENS', reason: 'a census, not a marriage' });
  shown = await check('the event is a census after all');
  t.equal(shown.date_inconsistencies.married_under_12.count, 0);
  await d.post(`/events/${marriage}/corrections`, { type: 'MARR', reason: 'a marriage after all' });
  await check('a marriage again');
  services().eventsService.remove(systemActor, marriage, 'entered twice');
  shown = await check('the marriage removed');
  t.equal(shown.date_inconsistencies.married_under_12.count, 0);

  const byPersona = await d.event({ type: 'MARR', date: '1900', participants: [{ persona: father.persona, role: 'groom' }] });
  await check('a marriage through a persona');
  await d.post(`/events/${byPersona}/corrections`, { date: '1820', reason: 'misread' });
  shown = await check('its date corrected to the groom\'s second year');
  t.same(shown.date_inconsistencies.married_under_12.examples.map((example: any) => [example.id, example.related[0].id]), [[father.id, byPersona]]);
  services().eventsService.remove(systemActor, byPersona, 'entered twice');
  await check('that marriage removed');

  const young = await d.life('Young', '1850', null, 'M');
  await check('a five-year-old');
  await d.post('/relationships/reparent', { child: child.id, from_parent: father.id, to_parent: young.id });
  shown = await check('the child reparented to a five-year-old');
  t.equal(shown.date_inconsistencies.parent_under_12.count, 1);
  const youngEdge = s.records({ kind: 'relationship.reparented' })[0].entity_id;
  t.equal(youngEdge, fatherEdge, 'the same edge, another parent');
  await d.post('/relationships/unlink', { relationship: youngEdge });
  shown = await check('the edge unlinked');
  t.equal(shown.date_inconsistencies.parent_under_12.count, 0);

  const twin = await d.life('Mary', '1820', null, 'F');
  const grandmother = await d.life('Ann', '1760', null, 'F');
  await d.parent(grandmother.id, twin.id);
  await check('a second Mary, with a mother');
  await d.post('/persons/merge', { survivor: mother.id, merged: twin.id });
  shown = await check('two persons merged');
  t.same(shown.date_inconsistencies.mother_over_55.examples.map((example: { id: string }) => example.id), [grandmother.id], 'the merged person\'s mother, 60 at the survivor\'s birth');
  await d.post(`/persons/${mother.id}/split`, { personas: [twin.persona] });
  await check('the merge split again');
  await d.post(`/persons/${grandmother.id}/retract`, {});
  await check('a person retracted');
  const refound = await d.post('/persons', { personas: [grandmother.persona] });
  await check('the persona concluded again');
  t.equal((await s.request('PUT', `/v1/persons/${refound.id}/living-status`, { body: { living: false } })).statusCode, 200);
  await check('a living status set');
  await d.post(`/assertions/${mother.claims[1]}/refute`);
  shown = await check('the mother\'s death refuted');
  t.equal(shown.date_inconsistencies.born_after_mother_death.count, 0);
  services().assertionsService.remove(systemActor, occupation, 'entered twice');
  await check('a claim removed');
  const brief = await d.claim(father.persona, { kind: 'occupation', value: 'Carter' }, s.agentToken);
  await d.post(`/assertions/${brief}/confirm`);
  services().assertionsService.remove(systemActor, brief, 'entered twice');
  await check('a claim confirmed and removed before the next read');
  const top = await d.life('Top', '1700');
  const middle = await d.life('Middle', '1730');
  const bottom = await d.life('Bottom', '1760');
  await d.parent(top.id, middle.id);
  await d.parent(middle.id, bottom.id);
  const lines = (signals: any) => signals.end_of_line_ancestors.examples.map((example: { id: string }) => example.id);
  shown = await check('a line of three');
  t.ok(lines(shown).includes(top.id) && !lines(shown).includes(middle.id));
  await d.post(`/persons/${top.id}/retract`, {});
  shown = await check('the top of the line retracted');
  t.ok(lines(shown).includes(middle.id) && !lines(shown).includes(top.id), 'the line ends one down now');
  const newTop = await d.life('NewTop', '1700');
  await check('a person alone');
  await d.parent(newTop.id, middle.id);
  shown = await check('given as a parent to the line\'s top');
  t.ok(lines(shown).includes(newTop.id) && !lines(shown).includes(middle.id), 'the line ends at the new parent');
  await d.post('/personas', { given: 'Nobody', surname: 'Else' });
  await check('a persona in no person');
  t.equal(wholeReadings, 0, 'every change above was followed, the whole tree never read again');

  const many = Array.from({ length: MAX_FOLLOWED_RECORDS + 1 }, (_, at) => ({ given: `Many${at}`, surname: 'Smyth' }));
  services().personasService.createMany(systemActor, many);
  await check('more changes than are followed');
  t.equal(wholeReadings, 1, 'too many changes: the whole tree read again');

  const pinned = await d.pinned();
  const elsewhere = await pinned.life('Elsewhere', '1850', '1849');
  t.same((await pinned.signals()).date_inconsistencies.died_before_born.examples.map((example: { id: string }) => example.id), [elsewhere.id], 'each tree its own picture');
  t.equal((await d.signals()).date_inconsistencies.died_before_born.count, 0);
});
