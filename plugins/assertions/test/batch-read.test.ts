import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';
import { CLAIM_JSON } from '../src/store.js';

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

t.test('ofPersonas reads each claim as the lists\' JSON has it, key for key: the proposer and the claim replaced only when there is one', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS });
  const tree = s.server.kernel.trees.active();
  const cradle = s.server.kernel.servicesFor(tree, human);
  const agentActor = { kind: 'agent' as const, credentialId: s.agentCredentialId, proposer: 'model-under-test' };
  const agent = s.server.kernel.servicesFor(tree, agentActor);
  const ann = cradle.personasService.create(human, { given: 'Ann' });
  const source = cradle.sourcesService.create(human, { title: 'Parish register' });
  const birth = cradle.assertionsService.capture(human, { persona: ann.id, kind: 'birth', value: 'Ann daughter of John', date: '1850', place: 'Ledbury', source: source.id });
  agent.assertionsService.capture(agentActor, { persona: ann.id, kind: 'occupation', value: 'miller' });
  agent.assertionsService.supersede(agentActor, birth.id, { date: '1851' });
  const claims = cradle.assertionsService.ofPersonas([ann.id], ['confirmed', 'pending', 'deferred']);
  const json = (tree.db.prepare(`SELECT ${CLAIM_JSON} FROM assertions WHERE persona = ? ORDER BY created_at_ms, id`).pluck().all(ann.id) as string[]).map((item) => JSON.parse(item));
  t.equal(claims.length, 3);
  t.ok(claims.some((claim) => claim.proposer === 'model-under-test' && claim.replaces === birth.id), 'a replacement proposed by an agent is among them');
  t.ok(claims.some((claim) => !('proposer' in claim) && !('replaces' in claim)), 'and a claim with neither');
  t.strictSame(claims.map((claim) => JSON.stringify(claim)), json.map((claim) => JSON.stringify(claim)), 'the same keys, in the same order, with the same values');
});

t.test('citedAsEvidence: every claim with a citation attached as evidence, once; other evidence does not count', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS });
  const cradle = s.server.kernel.servicesFor(s.server.kernel.trees.active(), human);
  const ann = cradle.personasService.create(human, { given: 'Ann' });
  const [birth, death, burial] = ['birth', 'death', 'burial'].map((kind) => cradle.assertionsService.capture(human, { persona: ann.id, kind, date: '1850' }));
  t.same(cradle.assertionsService.citedAsEvidence('', 10), []);
  const register = cradle.sourcesService.create(human, { title: 'Parish register' });
  for (const page of ['3', '4']) {
    const citation = cradle.citationsService.create(human, { source: register.id, elements: { page } });
    cradle.assertionsService.attachEvidence(human, birth.id, { kind: 'citation', citation: citation.id });
  }
  cradle.assertionsService.attachEvidence(human, burial.id, { kind: 'citation', citation: cradle.citationsService.create(human, { source: register.id, elements: { page: '9' } }).id });
  cradle.assertionsService.attachEvidence(human, death.id, { kind: 'url', url: 'https://example.org/death' });
  const cited = [birth.id, burial.id].sort();
  t.same(cradle.assertionsService.citedAsEvidence('', 10), cited, 'each once (the birth has two), in id order');
  t.same(cradle.assertionsService.citedAsEvidence('', 1), cited.slice(0, 1), 'a page counts claims, not citations');
  t.same(cradle.assertionsService.citedAsEvidence(cited[0], 10), cited.slice(1), 'the next page starts after the last claim given');
});
