import t from 'tap';
import { systemActor } from '@rootline/kernel';
import { boot, parentOf, people, UNKNOWN } from './fixtures/helpers.js';

t.test('parentEdgeRows: every visible parent edge, or those with one of the persons asked for at either end', async (t) => {
  const { s, mounts } = await boot(t);
  const [m] = mounts;
  const p = await people(s, m, { grandfather: { given: 'Grandfather' }, father: { given: 'Father' }, mother: { given: 'Mother' }, child: { given: 'Child' }, foundling: { given: 'Foundling' }, gone: { given: 'Gone' } });
  await parentOf(s, m, p.grandfather, p.father);
  await parentOf(s, m, p.father, p.child);
  await parentOf(s, m, p.mother, p.child);
  await parentOf(s, m, p.mother, p.foundling, { pedigree: 'adopted' });
  await parentOf(s, m, p.gone, p.foundling);
  await s.request('POST', `/v1/persons/${p.gone}/retract`, { body: {} });
  await s.request('POST', `/v1/relationships`, { body: { kind: 'spouse', partners: [p.father, p.mother] } });

  const family = s.server.kernel.servicesFor(s.server.kernel.trees.active(), systemActor).familyService;
  const sorted = (rows: Iterable<string[]>) => [...rows].map((row) => row.join(' ')).sort();
  const edge = (parent: string, child: string, pedigree = 'birth') => `${parent} ${child} ${pedigree}`;
  const all = [edge(p.grandfather, p.father), edge(p.father, p.child), edge(p.mother, p.child), edge(p.mother, p.foundling, 'adopted')];
  t.same(sorted(family.parentEdgeRows()), all.sort(), 'parent edges only, the retracted person\'s hidden');
  t.same(sorted(family.parentEdgeRows([p.father])), [edge(p.grandfather, p.father), edge(p.father, p.child)].sort(), 'as child and as parent');
  t.same(sorted(family.parentEdgeRows([p.father, p.child])), [edge(p.grandfather, p.father), edge(p.father, p.child), edge(p.mother, p.child)].sort(), 'an edge between two of them once');
  t.same(sorted(family.parentEdgeRows([p.gone, UNKNOWN])), [], 'hidden and unknown: none');
  t.same(sorted(family.parentEdgeRows([])), []);
});

