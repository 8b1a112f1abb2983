import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';

const actor = { kind: 'human' as const, credentialId: null };

t.test('remove (an import undone) deletes a claim and its evidence, gives back its source\'s count and records it', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-sources', '@rootline/plugin-personas', '@rootline/plugin-assertions'] });
  const tree = s.server.kernel.trees.active();
  const cradle = s.server.kernel.servicesFor(tree, actor);
  const source = cradle.sourcesService.create(actor, { title: 'Register' });
  const citation = cradle.citationsService.create(actor, { source: source.id, elements: { page: '3' } });
  const persona = cradle.personasService.create(actor, { given: 'Ann' });
  const kept = cradle.assertionsService.capture(actor, { persona: persona.id, kind: 'birth', date: '1850', source: source.id });
  const gone = cradle.assertionsService.capture(actor, { persona: persona.id, kind: 'death', date: '1900', source: source.id });
  cradle.assertionsService.attachEvidence(actor, gone.id, { kind: 'citation', citation: citation.id });
  t.equal(cradle.sourcesService.get(source.id)!.claim_count, 2);

  t.equal(cradle.assertionsService.remove(actor, gone.id, 'import undone'), true);
  t.equal(cradle.assertionsService.get(gone.id), undefined);
  t.equal(tree.prepare('SELECT count(*) FROM assertion_evidence').pluck().get(), 0, 'its evidence went with it');
  t.equal(cradle.sourcesService.get(source.id)!.claim_count, 1);
  t.same(cradle.assertionsService.forPersonas([persona.id], 10).items.map((claim) => claim.id), [kept.id]);
  t.same(cradle.assertionsService.tally(), { sourced: 1, needs_source: 0, total: 1 });
  t.match(s.records({ kind: 'assertion.removed' }), [{ entity_id: gone.id, payload: { persona: persona.id, kind: 'death', reason: 'import undone' } }]);
  t.equal(cradle.assertionsService.remove(actor, gone.id, 'again'), false);
  t.equal(s.records({ kind: 'assertion.removed' }).length, 1);
});

t.test('removing a refuted sourced claim leaves its source\'s count alone (it no longer counted)', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-sources', '@rootline/plugin-personas', '@rootline/plugin-assertions'] });
  const cradle = s.server.kernel.servicesFor(s.server.kernel.trees.active(), actor);
  const source = cradle.sourcesService.create(actor, { title: 'Register' });
  const persona = cradle.personasService.create(actor, { given: 'Ann' });
  cradle.assertionsService.capture(actor, { persona: persona.id, kind: 'birth', source: source.id });
  const refuted = cradle.assertionsService.capture(actor, { persona: persona.id, kind: 'death', source: source.id });
  cradle.assertionsService.review(actor, refuted.id, 'refute');
  t.equal(cradle.sourcesService.get(source.id)!.claim_count, 1);
  cradle.assertionsService.remove(actor, refuted.id, 'import undone');
  t.equal(cradle.sourcesService.get(source.id)!.claim_count, 1);
});
