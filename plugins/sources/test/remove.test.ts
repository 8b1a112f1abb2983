import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';

const actor = { kind: 'human' as const, credentialId: null };

t.test('remove (an import undone) deletes a source or a citation and records it; an unknown id is false', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-sources'] });
  const cradle = s.server.kernel.servicesFor(s.server.kernel.trees.active(), actor);
  const kept = cradle.sourcesService.create(actor, { title: 'Kept' });
  const gone = cradle.sourcesService.create(actor, { title: 'Gone' });
  const keptCitation = cradle.citationsService.create(actor, { source: kept.id, elements: { page: '1' } });
  const goneCitation = cradle.citationsService.create(actor, { source: kept.id, elements: { page: '2' } });

  t.equal(cradle.citationsService.remove(actor, goneCitation.id, 'import undone'), true);
  t.same(cradle.citationsService.forSource(kept.id).map((citation) => citation.id), [keptCitation.id]);
  t.equal(cradle.citationsService.remove(actor, goneCitation.id, 'again'), false);

  t.equal(cradle.sourcesService.remove(actor, gone.id, 'import undone'), true);
  t.equal(cradle.sourcesService.exists(gone.id), false);
  t.equal(cradle.sourcesService.exists(kept.id), true);
  t.equal(cradle.sourcesService.remove(actor, gone.id, 'again'), false);

  t.match(s.records({ kind: 'citation.removed' }), [{ entity_id: goneCitation.id, payload: { reason: 'import undone' } }]);
  t.match(s.records({ kind: 'source.removed' }), [{ entity_id: gone.id, payload: { reason: 'import undone' } }]);
  t.equal(s.records({ kind: 'source.removed' }).length + s.records({ kind: 'citation.removed' }).length, 2);
});
