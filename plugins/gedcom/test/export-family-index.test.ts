import t from 'tap';
import type { RelationshipDto } from '@rootline/contracts/family';
import { FamilyIndex } from '../src/export/families.js';

/**
 * The families the export rebuilds from the edges are checked through whole exports
 * (export*.test.ts). This is the index's pacing: placing a whole tree's children is a few
 * hundred milliseconds at 100,000 persons, so it pauses every few thousand, and a pause
 * changes nothing of what is built.
 */
const parentEdge = (parent: string, child: string, n: number): RelationshipDto => ({ id: `r${n}`, kind: 'parent', parent, child, pedigree: 'birth', created_at_ms: n });

t.test('finish pauses every 5,000 children placed, and places every child, numbering the families in order', async (t) => {
  const index = new FamilyIndex();
  const edges: RelationshipDto[] = [{ id: 's0', kind: 'spouse', partners: ['dad', 'mum'], created_at_ms: 0 }];
  for (let n = 1; n <= 10_001; n++) {
    edges.push(parentEdge('dad', `c${n}`, 2 * n), parentEdge('mum', `c${n}`, 2 * n + 1));
    if (n === 10_001) edges.push(parentEdge('aunt', `c${n}`, 3 * n));
  }
  index.add(edges);
  let pauses = 0;
  await index.finish(async () => {
    pauses++;
  });
  t.equal(pauses, 2, 'two pauses for 10,001 children');
  const [family, aunts] = index.all();
  t.equal(family.xref, 'F1');
  t.same(family.partners, ['dad', 'mum']);
  t.equal(family.children.length, 10_001, 'every child placed with both parents');
  t.same(family.children[0], { child: 'c1', pedigree: 'birth', edges: ['r2', 'r3'] });
  t.same(aunts, { xref: 'F2', partners: ['aunt'], children: [{ child: 'c10001', pedigree: 'birth', edges: ['r30003'] }] }, 'a third parent left over has a family of her own');
  t.same(index.asChild.get('c10001')?.map(({ unit }) => unit.xref), ['F1', 'F2']);
  t.same(index.asPartner.get('mum')?.map((unit) => unit.xref), ['F1']);
});

t.test('a tree with fewer children than a pause holds does not pause', async (t) => {
  const index = new FamilyIndex();
  index.add([parentEdge('dad', 'c1', 1)]);
  let pauses = 0;
  await index.finish(async () => {
    pauses++;
  });
  t.equal(pauses, 0);
  t.same(index.all().map((unit) => unit.partners), [['dad']]);
});

t.test('numbering pauses too: 10,000 families of one parent and one child are 2 pauses placing and 2 numbering', async (t) => {
  const index = new FamilyIndex();
  index.add(Array.from({ length: 10_000 }, (_, n) => parentEdge(`p${n}`, `c${n}`, n)));
  const xrefsAtPause: number[] = [];
  await index.finish(async () => {
    xrefsAtPause.push(index.all().filter((unit) => unit.xref !== '').length);
  });
  t.same(xrefsAtPause, [0, 0, 5000, 10_000], 'two pauses while placing (nothing numbered yet), then one every 5,000 numbered');
  t.equal(index.all()[9999].xref, 'F10000');
  t.same(index.asChild.get('c9999')?.map(({ unit }) => unit.xref), ['F10000'], 'each child reachable from its family once numbered');
});
