import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';

const actor = { kind: 'human' as const, credentialId: null };

t.test('walk: every source in creation order, a page at a time; citations.many: the citations among ids', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-sources'] });
  const cradle = s.server.kernel.servicesFor(s.server.kernel.trees.active(), actor);
  const made = ['Register', 'Census', 'Will'].map((title) => cradle.sourcesService.create(actor, { title, ...(title === 'Will' ? { author: 'J. Smith', publisher: 'PRO', url: 'https://example.org/will' } : {}) }));
  const first = cradle.sourcesService.walk(null, 2);
  t.same(first.map((source) => source.title), ['Register', 'Census']);
  t.same(cradle.sourcesService.walk(first[1].id, 2), [{ id: made[2].id, title: 'Will', author: 'J. Smith', publisher: 'PRO', url: 'https://example.org/will' }]);
  t.same(cradle.sourcesService.walk(made[2].id, 2), []);

  const page = cradle.citationsService.create(actor, { source: made[0].id, elements: { page: 'folio 12' } });
  const other = cradle.citationsService.create(actor, { source: made[1].id, elements: { page: 'piece 3' } });
  t.same(cradle.citationsService.many([]), []);
  t.same(cradle.citationsService.many([other.id, page.id, made[0].id]).map((citation) => citation.elements.page).sort(), ['folio 12', 'piece 3']);
});
