import t from 'tap';
import { buildPedigree, type PedigreePerson } from '../src/pedigree.js';
import type { AncestorEdge } from '../src/store.js';

// The walk on its own, without a database: the Ahnentafel rules, collapse, and a graph with a loop.
const person = (id: string, sex: PedigreePerson['sex'] = null): PedigreePerson => ({ id, display_name: id, sex, birth: null, death: null });
const edge = (parent: string, child: string, pedigree: AncestorEdge['pedigree'] = 'birth'): AncestorEdge => ({ parent, child, pedigree });
const table = (list: PedigreePerson[]) => new Map(list.map((p) => [p.id, p]));
const slots = (pedigree: ReturnType<typeof buildPedigree>) => pedigree.slots.map((s) => [s.ahnentafel, s.person, ...(s.collapsed ? [`=${s.same_as}`] : [])]);

t.test('fathers take 2n and mothers 2n+1, whatever order the edges were made in', async (t) => {
  const people = table([person('mum', 'F'), person('dad', 'M')]);
  const chart = buildPedigree(person('me'), 4, [edge('mum', 'me'), edge('dad', 'me')], people);
  t.same(slots(chart), [[1, 'me'], [2, 'dad'], [3, 'mum']]);
  t.equal(chart.generations, 4);
  t.equal(chart.person, 'me');
});

t.test('a parent of unknown sex fills the free slot; two of one sex take both', async (t) => {
  t.same(slots(buildPedigree(person('me'), 2, [edge('u', 'me'), edge('mum', 'me')], table([person('u', 'U'), person('mum', 'F')]))), [[1, 'me'], [2, 'u'], [3, 'mum']]);
  t.same(slots(buildPedigree(person('me'), 2, [edge('x', 'me'), edge('dad', 'me')], table([person('x', null), person('dad', 'M')]))), [[1, 'me'], [2, 'dad'], [3, 'x']]);
  t.same(slots(buildPedigree(person('me'), 2, [edge('m1', 'me'), edge('m2', 'me')], table([person('m1', 'F'), person('m2', 'F')]))), [[1, 'me'], [2, 'm2'], [3, 'm1']]);
  t.same(slots(buildPedigree(person('me'), 2, [edge('d1', 'me'), edge('d2', 'me')], table([person('d1', 'M'), person('d2', 'M')]))), [[1, 'me'], [2, 'd1'], [3, 'd2']]);
});

t.test('adoptive parents only when the child has no birth parent; missing persons leave their branch empty', async (t) => {
  const people = table([person('dad', 'M'), person('adad', 'M'), person('amum', 'F'), person('gran', 'F')]);
  const mixed = buildPedigree(person('me'), 3, [edge('dad', 'me'), edge('adad', 'me', 'adopted'), edge('amum', 'me', 'adopted')], people);
  t.same(slots(mixed), [[1, 'me'], [2, 'dad']], 'a birth parent known: the adoptive ones are not shown');
  const adopted = buildPedigree(person('me'), 3, [edge('adad', 'me', 'adopted'), edge('amum', 'me', 'adopted'), edge('gran', 'amum')], people);
  t.same(adopted.slots.map((s) => [s.ahnentafel, s.pedigree ?? 'birth']), [[1, 'birth'], [2, 'adopted'], [3, 'adopted'], [7, 'birth']]);
  const gone = buildPedigree(person('me'), 3, [edge('ghost', 'me'), edge('gran', 'ghost'), edge('amum', 'me', 'adopted')], people);
  t.same(slots(gone), [[1, 'me'], [3, 'amum']], 'a birth parent that is not an active person does not count: the adoptive parent shows');
});

t.test('pedigree collapse: the later slot is flagged and not walked again', async (t) => {
  // dad and mum are first cousins: their grandparents gg1 and gg2 appear on both sides.
  const people = table(['dad', 'gf1', 'gf2', 'gg1', 'top'].map((id) => person(id, 'M')).concat(['mum', 'gm1', 'gm2', 'gg2'].map((id) => person(id, 'F'))));
  const edges = [edge('dad', 'me'), edge('mum', 'me'), edge('gf1', 'dad'), edge('gm1', 'dad'), edge('gf2', 'mum'), edge('gm2', 'mum'),
    edge('gg1', 'gf1'), edge('gg2', 'gf1'), edge('gg1', 'gm2'), edge('gg2', 'gm2'), edge('top', 'gg1')];
  const chart = buildPedigree(person('me'), 5, edges, people);
  t.same(slots(chart), [[1, 'me'], [2, 'dad'], [3, 'mum'], [4, 'gf1'], [5, 'gm1'], [6, 'gf2'], [7, 'gm2'], [8, 'gg1'], [9, 'gg2'], [14, 'gg1', '=8'], [15, 'gg2', '=9'], [16, 'top']]);
  t.notOk(chart.slots.some((s) => s.ahnentafel >= 28), 'the collapsed slots are not walked (no 28, 29)');
});

t.test('a loop in the data (never written by the API) still ends', async (t) => {
  const people = table([person('a', 'M'), person('b', 'M')]);
  const chart = buildPedigree(person('me'), 10, [edge('a', 'me'), edge('b', 'a'), edge('a', 'b')], people);
  t.same(slots(chart), [[1, 'me'], [2, 'a'], [4, 'b'], [8, 'a', '=2']]);
  t.same(slots(buildPedigree(person('me'), 10, [edge('me', 'me')], table([person('me', 'F')]))), [[1, 'me'], [3, 'me', '=1']]);
});

t.test('generations bound the walk', async (t) => {
  const chain = Array.from({ length: 12 }, (_, i) => person(`p${i}`, 'M'));
  const edges = chain.slice(1).map((p, i) => edge(p.id, chain[i].id));
  const people = table(chain);
  t.same(buildPedigree(chain[0], 1, edges, people).slots.length, 1);
  const ten = buildPedigree(chain[0], 10, edges, people);
  t.same(ten.slots.map((s) => s.ahnentafel), [1, 2, 4, 8, 16, 32, 64, 128, 256, 512]);
});
