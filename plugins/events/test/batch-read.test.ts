import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';

const actor = { kind: 'human' as const, credentialId: null };
const PLUGINS = ['@rootline/plugin-sources', '@rootline/plugin-personas', '@rootline/plugin-assertions', '@rootline/plugin-persons', '@rootline/plugin-events'];

t.test('ofSubjects: every event of a batch of persons and personas, by date, with all participants; fromSubjects: their associations', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS });
  const cradle = s.server.kernel.servicesFor(s.server.kernel.trees.active(), actor);
  const [ann, bob, cy] = ['Ann', 'Bob', 'Cy'].map((given) => cradle.personasService.create(actor, { given }));
  const bobPerson = cradle.personsService.conclude(actor, [bob.id]);
  t.same(cradle.eventsService.participants('', 10), [], 'no events: nobody takes part');
  const marriage = cradle.eventsService.create(actor, { type: 'MARR', date: '1875', participants: [{ persona: ann.id, role: 'wife' }, { person: bobPerson.id, role: 'husband' }] });
  const baptism = cradle.eventsService.create(actor, { type: 'BAPM', date: '1850', participants: [{ persona: ann.id, role: 'principal' }] });
  const census = cradle.eventsService.create(actor, { type: 'CENS', participants: [{ persona: cy.id, role: 'principal' }] });
  t.same(cradle.eventsService.ofSubjects([]), []);
  t.same(cradle.eventsService.ofSubjects([ann.id]).map((event) => event.id), [baptism.id, marriage.id], 'by date');
  const both = cradle.eventsService.ofSubjects([bobPerson.id, cy.id, ann.id]);
  t.same(both.map((event) => event.id), [baptism.id, marriage.id, census.id], 'undated last, each once');
  t.same(both[1].participants, [{ persona: ann.id, role: 'wife' }, { person: bobPerson.id, role: 'husband' }]);
  const taking = [ann.id, bobPerson.id, cy.id].sort();
  t.same(cradle.eventsService.participants('', 10), taking, 'participants: each person and persona taking part, once, in id order (not Bob\'s persona: his person does)');
  t.same(cradle.eventsService.participants('', 1), taking.slice(0, 1), 'a page counts subjects, not events (Ann takes part in two)');
  t.same(cradle.eventsService.participants(taking[0], 1), taking.slice(1, 2), 'the next page starts after the last subject given');
  t.same(cradle.eventsService.participants(taking[2], 10), []);
  t.same(cradle.associationsService.recordedFrom('', 10), [], 'no associations yet');

  const godparent = cradle.associationsService.record(actor, { from: ann.id, to: cy.id, role: 'Godparent', note: 'at the font' });
  cradle.associationsService.record(actor, { from: cy.id, to: ann.id, role: 'neighbour' });
  t.same(cradle.associationsService.fromSubjects([]), []);
  t.same(cradle.associationsService.fromSubjects([ann.id, bobPerson.id]), [
    { id: godparent.id, from: ann.id, from_kind: 'persona', to: cy.id, to_kind: 'persona', role: 'godparent', source: null, note: 'at the font' },
  ]);
  // The source an association was read from comes back with it (the GEDCOM export cites it).
  const register = '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4e';
  const witness = cradle.associationsService.record(actor, { from: bobPerson.id, to: cy.id, role: 'witness', source: register });
  t.same(cradle.associationsService.fromSubjects([bobPerson.id]), [
    { id: witness.id, from: bobPerson.id, from_kind: 'person', to: cy.id, to_kind: 'persona', role: 'witness', source: register, note: null },
  ]);
  t.same(cradle.associationsService.recordedFrom('', 10), taking, 'recordedFrom: each subject once, in id order, not those only named as the other end');
  t.same(cradle.associationsService.recordedFrom('', 2), taking.slice(0, 2), 'a page of subjects');
  t.same(cradle.associationsService.recordedFrom(taking[1], 2), taking.slice(2), 'the next page starts after the last subject given');
});
