import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';

const human = { kind: 'human' as const, credentialId: null };
const PLUGINS = ['@rootline/plugin-sources', '@rootline/plugin-personas', '@rootline/plugin-assertions'];

t.test('ofPersonas: every claim of a batch of personas in the states asked for, grouped in the order given, oldest first', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS });
  const tree = s.server.kernel.trees.active();
  const cradle = s.server.kernel.servicesFor(tree, human);
  const agent = s.server.kernel.servicesFor(tree, { kind: 'agent', credentialId: s.agentCredentialId });
  const [ann, bob] = ['Ann', 'Bob'].map((given) => cradle.personasService.create(human, { given }));
  const annBirth = cradle.assertionsService.capture(human, { persona: ann.id, kind: 'birth', date: '1850' });
  const bobBirth = cradle.assertionsService.capture(human, { persona: bob.id, kind: 'birth', date: '1852' });
  const annDeath = cradle.assertionsService.capture(human, { persona: ann.id, kind: 'death', date: '1900' });
  const proposed = agent.assertionsService.capture({ kind: 'agent', credentialId: s.agentCredentialId }, { persona: ann.id, kind: 'occupation', value: 'miller' });
  t.same(cradle.assertionsService.ofPersonas([], ['confirmed']), []);
  t.same(cradle.assertionsService.ofPersonas([bob.id, ann.id], ['confirmed']).map((claim) => claim.id), [bobBirth.id, annBirth.id, annDeath.id]);
  t.same(cradle.assertionsService.ofPersonas([ann.id], ['pending', 'deferred']).map((claim) => claim.id), [proposed.id]);
  t.same(cradle.assertionsService.ofPersonas([ann.id], [])[0], undefined);
  t.notOk('evidence' in cradle.assertionsService.ofPersonas([ann.id], ['confirmed'])[0]);
});

t.test('citedAsEvidence: every claim with a citation attached as evidence, once; other evidence does not count', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS });
  const cradle = s.server.kernel.servicesFor(s.server.kernel.trees.active(), human);
  const ann = cradle.personasService.create(human, { given: 'Ann' });
  const [birth, death, burial] = ['birth', 'death', 'burial'].map((kind) => cradle.assertionsService.capture(human, { persona: ann.id, kind, date: '1850' }));
  t.same([...cradle.assertionsService.citedAsEvidence()], []);
  const register = cradle.sourcesService.create(human, { title: 'Parish register' });
  for (const page of ['3', '4']) {
    const citation = cradle.citationsService.create(human, { source: register.id, elements: { page } });
    cradle.assertionsService.attachEvidence(human, birth.id, { kind: 'citation', citation: citation.id });
  }
  cradle.assertionsService.attachEvidence(human, burial.id, { kind: 'citation', citation: cradle.citationsService.create(human, { source: register.id, elements: { page: '9' } }).id });
  cradle.assertionsService.attachEvidence(human, death.id, { kind: 'url', url: 'https://example.org/death' });
  t.same([...cradle.assertionsService.citedAsEvidence()].sort(), [birth.id, burial.id].sort());
});
