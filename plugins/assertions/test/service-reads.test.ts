import t from 'tap';
import { systemActor } from '@rootline/kernel';
import { capture, claimIn, evidenceServer, newPersona, newSource } from './fixtures/helpers.js';

const UNKNOWN = '01938f0e-7a7e-7cc2-9d2b-3f6c3a1b2c4d';

t.test('labels name a claim by its kind, its persona and its date and place, or its value cut short', async (t) => {
  const s = await evidenceServer(t);
  const services = s.server.kernel.servicesFor(s.server.kernel.trees.active(), systemActor);
  const persona = await newPersona(s, 'William');
  const [name] = services.personasService.labels([persona]).map((label) => label.label);
  const birth = (await capture(s, { persona, kind: 'birth', date: '12 MAR 1851', place: 'Ledbury' })).id as string;
  const placed = (await capture(s, { persona, kind: 'residence', place: 'Ledbury' })).id as string;
  const occupation = (await capture(s, { persona, kind: 'occupation', value: 'Weaver' })).id as string;
  const long = (await capture(s, { persona, kind: 'description', value: 'x'.repeat(100) })).id as string;
  const bare = (await capture(s, { persona, kind: 'military_service.record' })).id as string;
  const labels = new Map(services.assertionsService.labels([birth, placed, occupation, long, bare, UNKNOWN]).map((label) => [label.id, label]));
  t.equal(labels.size, 5, 'an unknown id is left out');
  t.same(labels.get(birth), { id: birth, kind: 'assertion', label: `Birth of ${name}: 12 MAR 1851, Ledbury` });
  t.equal(labels.get(placed)!.label, `Residence of ${name}: Ledbury`, 'a place alone');
  t.equal(labels.get(occupation)!.label, `Occupation of ${name}: Weaver`, 'the value when there is no date or place');
  t.equal(labels.get(long)!.label, `Description of ${name}: ${'x'.repeat(79)}…`, 'a long value cut to 80 characters');
  t.equal(labels.get(bare)!.label, `Military service record of ${name}`, 'nothing to add: the kind in words');
  t.same(services.assertionsService.labels([]), []);
  t.same(services.assertionsService.labels([UNKNOWN]), []);
});

t.test('vital claims: the standing claims of those kinds about those personas, confirmed first, then oldest first', async (t) => {
  const s = await evidenceServer(t);
  const services = s.server.kernel.servicesFor(s.server.kernel.trees.active(), systemActor);
  const [a, b, other] = [await newPersona(s, 'Ann'), await newPersona(s, 'Bea'), await newPersona(s, 'Cid')];
  const pending = (await capture(s, { persona: a, kind: 'birth', date: '1850' }, 'agent', 'claude-test')).id as string;
  const confirmed = (await capture(s, { persona: a, kind: 'birth', date: '1851' })).id as string;
  const death = (await capture(s, { persona: b, kind: 'death', date: '1900' }, 'agent', 'claude-test')).id as string;
  const refuted = await claimIn(s, b, 'refuted');
  await capture(s, { persona: a, kind: 'occupation', value: 'Weaver' });
  await capture(s, { persona: other, kind: 'birth', date: '1849' });
  const read = (personas: string[], kinds: string[]) => services.assertionsService.vitalClaims(personas, kinds).map((claim) => [claim.id, claim.status]);
  t.same(read([a, b], ['birth', 'death']), [[confirmed, 'confirmed'], [pending, 'pending'], [death, 'pending']], 'a refuted claim, another kind and another persona are not read');
  t.notOk(read([b], ['birth', 'death']).some(([id]) => id === refuted));
  t.same(read([], ['birth']), []);
  t.same(read([a], []), []);
});

t.test('counting a persona\'s claims of one proposer counts the claims themselves (the per-persona tallies keep no proposer)', async (t) => {
  const s = await evidenceServer(t);
  const services = s.server.kernel.servicesFor(s.server.kernel.trees.active(), systemActor);
  const persona = await newPersona(s);
  await capture(s, { persona, kind: 'birth', date: '1851' }, 'agent', 'model-a');
  await capture(s, { persona, kind: 'death', date: '1900' }, 'agent', 'model-b');
  await capture(s, { persona, kind: 'occupation', value: 'Weaver' });
  t.equal(services.assertionsService.count({ persona }), 3);
  t.equal(services.assertionsService.count({ persona, proposer: 'model-a' }), 1);
  t.equal(services.assertionsService.count({ persona, proposer: null }), 1, 'no proposer: the human\'s');
});

t.test("a person's card: the standing claims (pending, deferred, confirmed) and the sources they cite; refuted ones are not on it", async (t) => {
  const s = await evidenceServer(t);
  const services = s.server.kernel.servicesFor(s.server.kernel.trees.active(), systemActor);
  const persona = await newPersona(s);
  const [census, register, letter] = [await newSource(s, '1851 census'), await newSource(s, 'Parish register'), await newSource(s, 'A forged letter')];
  const pending = await claimIn(s, persona, 'pending', census);
  const confirmed = await claimIn(s, persona, 'confirmed', register);
  const deferred = await claimIn(s, persona, 'pending');
  // Deferring is the pending plugin's route; the service it calls is this one.
  t.ok(services.assertionsService.review({ kind: 'human', credentialId: null }, deferred, 'defer'), 'deferred');
  await claimIn(s, persona, 'refuted', letter);
  const card = services.assertionsService.forPersonas([persona], 10);
  t.same(card.items.map((claim) => [claim.id, claim.status]), [[pending, 'pending'], [confirmed, 'confirmed'], [deferred, 'deferred']], 'oldest first, each standing status');
  t.equal(card.total, 3);
  t.same(services.assertionsService.citedSources([persona]).sort(), [census, register].sort(), 'the refuted claim\'s source is not cited by the card');
});

t.test('bulk confirm (the pending plugin drives it): one outcome a claim, and the record says how', async (t) => {
  const s = await evidenceServer(t);
  const human = { kind: 'human' as const, credentialId: null };
  const services = s.server.kernel.servicesFor(s.server.kernel.trees.active(), human);
  const persona = await newPersona(s);
  const [confirmed, pending, refuted] = [await claimIn(s, persona, 'confirmed'), await claimIn(s, persona, 'pending'), await claimIn(s, persona, 'refuted')];
  t.same(services.assertionsService.bulkConfirm(human, [confirmed, pending, refuted, UNKNOWN]), [
    { id: confirmed, outcome: 'already_confirmed' },
    { id: pending, outcome: 'confirmed' },
    { id: refuted, outcome: 'refused', detail: 'The claim is refuted; it cannot be confirmed' },
    { id: UNKNOWN, outcome: 'not_found' },
  ]);
  t.match(s.records({ kind: 'assertion.confirmed' }).filter((record) => record.entity_id === pending).map((record) => record.payload), [{ from: 'pending', to: 'confirmed', via: 'bulk-confirm' }]);
});

t.test('the sort and order every claim list shares: created, asc or desc; anything else refused with its Problem', async (t) => {
  const s = await evidenceServer(t);
  const services = s.server.kernel.servicesFor(s.server.kernel.trees.active(), systemActor);
  t.ok(services.assertionsService.order({}), 'the default');
  t.ok(services.assertionsService.order({ sort: 'created', order: 'desc' }));
  t.throws(() => services.assertionsService.order({ sort: 'date' }), {
    code: 'invalid-sort', detail: 'Cannot sort by "date"; the only sort is "created"', errors: [{ location: 'query', name: 'sort', message: 'must be "created"' }],
  });
  t.throws(() => services.assertionsService.order({ order: 'sideways' }), { code: 'invalid-order' });
});
