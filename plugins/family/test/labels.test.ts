import t from 'tap';
import { boot, parentOf, people } from './fixtures/helpers.js';

t.test('a parent edge is labelled by its pedigree, in words', async (t) => {
  const { s, mounts } = await boot(t);
  const mount = mounts[0];
  const p = await people(s, mount, { kid: { given: 'Kid', surname: 'Lee' }, a: { given: 'Ann' }, b: { given: 'Bob' }, c: { given: 'Cy' }, d: { given: 'Di' }, e: { given: 'Ed' } });
  const edges: [string, string | undefined, string][] = [[p.a, undefined, 'Parent'], [p.b, 'adopted', 'Adoptive parent'], [p.c, 'foster', 'Foster parent'], [p.d, 'step', 'Step-parent'], [p.e, 'unknown', 'Parent (pedigree unknown)']];
  const ids: string[] = [];
  for (const [parent, pedigree] of edges) ids.push((await parentOf(s, mount, parent, p.kid, pedigree ? { pedigree } : {})).json().id);
  const labels = (await s.request('GET', `${mount.prefix}/family-probe-labels`, { query: { ids: ids.join(',') } })).json();
  const byId = new Map(labels.map((label: { id: string; label: string }) => [label.id, label.label]));
  t.same(ids.map((id) => byId.get(id)), ['Parent of Kid Lee: Ann', 'Adoptive parent of Kid Lee: Bob', 'Foster parent of Kid Lee: Cy', 'Step-parent of Kid Lee: Di', 'Parent (pedigree unknown) of Kid Lee: Ed']);
  t.same((await s.request('GET', `${mount.prefix}/family-probe/${p.kid}`)).json().parents.map((x: { pedigree: string }) => x.pedigree), ['birth', 'adopted', 'foster', 'step', 'unknown']);
});
