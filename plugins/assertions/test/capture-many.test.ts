import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';

const human = { kind: 'human' as const, credentialId: null };
const PLUGINS = ['@rootline/plugin-sources', '@rootline/plugin-personas', '@rootline/plugin-assertions'];

t.test('captureMany: every claim in the order given, one record each, sources counted; a citation alone cites its source', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS });
  const cradle = s.server.kernel.servicesFor(s.server.kernel.trees.active(), human);
  const [ann, bob] = cradle.personasService.createMany(human, [{ given: 'Ann' }, { given: 'Bob' }]);
  const register = cradle.sourcesService.create(human, { title: 'Parish register' });
  const census = cradle.sourcesService.create(human, { title: 'Census 1881' });
  const page = cradle.citationsService.create(human, { source: census.id, elements: { page: 'folio 3' } });
  const claims = cradle.assertionsService.captureMany(human, [
    { persona: ann.id, kind: 'birth', date: '12 MAR 1851', place: 'Ledbury', source: register.id },
    { persona: bob.id, kind: 'occupation', value: 'smith', citation: page.id },
    { persona: ann.id, kind: 'death' },
    { persona: ann.id, kind: 'residence', place: 'Hereford', source: register.id },
  ]);
  t.same(claims.map((claim) => [claim.persona, claim.kind, claim.source, claim.citation, claim.status]), [
    [ann.id, 'birth', register.id, null, 'confirmed'],
    [bob.id, 'occupation', census.id, page.id, 'confirmed'],
    [ann.id, 'death', null, null, 'confirmed'],
    [ann.id, 'residence', register.id, null, 'confirmed'],
  ]);
  for (const claim of claims) t.match(cradle.assertionsService.get(claim.id), { ...claim, evidence: [] });
  t.equal(cradle.sourcesService.get(register.id)?.claim_count, 2);
  t.equal(cradle.sourcesService.get(census.id)?.claim_count, 1);
  t.same(s.records({ kind: 'assertion.captured' }).reverse().map((record) => [record.entity_id, record.payload]), claims.map((claim) => [
    claim.id,
    { persona: claim.persona, kind: claim.kind, status: 'confirmed', source: claim.source, citation: claim.citation, via: 'capture' },
  ]));
  t.same(cradle.assertionsService.captureMany(human, []), []);
});

t.test('captureMany: an agent\'s claims wait in the pending lane', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS });
  const cradle = s.server.kernel.servicesFor(s.server.kernel.trees.active(), human);
  const [ann] = cradle.personasService.createMany(human, [{ given: 'Ann' }]);
  const agent = { kind: 'agent' as const, credentialId: null, proposer: 'helper' };
  t.same(cradle.assertionsService.captureMany(agent, [{ persona: ann.id, kind: 'birth' }, { persona: ann.id, kind: 'death' }]).map((claim) => claim.status), ['pending', 'pending']);
});

t.test('captureMany: the checks of capture, for every claim; one refusal writes none of them', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS });
  const cradle = s.server.kernel.servicesFor(s.server.kernel.trees.active(), human);
  const [ann] = cradle.personasService.createMany(human, [{ given: 'Ann' }]);
  const register = cradle.sourcesService.create(human, { title: 'Parish register' });
  const ok = { persona: ann.id, kind: 'birth', source: register.id };
  t.throws(() => cradle.assertionsService.captureMany(human, [ok, { persona: 'no-such-persona', kind: 'birth' }]), { code: 'not-found', detail: /no-such-persona/ });
  t.throws(() => cradle.assertionsService.captureMany(human, [ok, { persona: ann.id, kind: 'birth', source: 'no-such-source' }]), { code: 'not-found', detail: /no-such-source/ });
  t.throws(() => cradle.assertionsService.captureMany(human, [ok, { persona: ann.id, kind: 'birth', citation: 'no-such-citation' }]), { code: 'not-found', detail: /no-such-citation/ });
  t.equal(s.server.kernel.trees.active().prepare('SELECT count(*) FROM assertions').pluck().get(), 0, 'no claim written');
  t.equal(s.records({ kind: 'assertion.captured' }).length, 0, 'no record written');
  t.equal(cradle.sourcesService.get(register.id)?.claim_count, 0, 'no count moved');
});
