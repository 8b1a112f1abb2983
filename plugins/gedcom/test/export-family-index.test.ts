import t from 'tap';
import type { RelationshipDto } from '@rootline/contracts/family';
import { familyAnchor, FamilyIndex, type FamilyUnit } from '../src/export/families.js';

/**
 * The families the export rebuilds from the edges are checked through whole exports
 * (export*.test.ts). This is the index's pacing: placing a whole tree's children is a few
 * hundred milliseconds at 100,000 persons, so it pauses every few thousand, and a pause
 * changes nothing of what is built.
 */
/** Every unit as plain values, in file order. */
const all = (index: FamilyIndex) => index.slice(0, index.count).map(({ xref, partners, children }) => ({ xref, partners, children }));
const xref = (unit: FamilyUnit | undefined) => unit?.xref;
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
  const [family, aunts] = all(index);
  t.equal(family.xref, 'F1');
  t.same(family.partners, ['dad', 'mum']);
  t.equal(family.children.length, 10_001, 'every child placed with both parents');
  t.same(family.children[0], { child: 'c1', pedigree: 'birth', edges: ['r2', 'r3'] });
  t.same(aunts, { xref: 'F2', partners: ['aunt'], children: [{ child: 'c10001', pedigree: 'birth', edges: ['r30003'] }] }, 'a third parent left over has a family of her own');
  t.same(index.asChild('c10001').map(({ unit }) => unit.xref), ['F1', 'F2']);
  t.same(index.asPartner('mum').map((unit) => unit.xref), ['F1']);
});

t.test('a tree with fewer children than a pause holds does not pause', async (t) => {
  const index = new FamilyIndex();
  index.add([parentEdge('dad', 'c1', 1)]);
  let pauses = 0;
  await index.finish(async () => {
    pauses++;
  });
  t.equal(pauses, 0);
  t.same(all(index).map((unit) => unit.partners), [['dad']]);
});

t.test('numbering pauses too: 10,000 families of one parent and one child are 2 pauses placing and 2 numbering', async (t) => {
  const index = new FamilyIndex();
  index.add(Array.from({ length: 10_000 }, (_, n) => parentEdge(`p${n}`, `c${n}`, n)));
  const atPause: number[][] = [];
  await index.finish(async () => {
    atPause.push([index.count, index.asChild('c0').length, index.asChild('c9999').length]);
  });
  t.same(atPause, [[5000, 0, 0], [10_000, 0, 0], [10_000, 1, 0], [10_000, 1, 1]], 'a pause every 5,000 families made as the children are placed, then every 5,000 whose children are linked to them');
  t.equal(all(index)[9999].xref, 'F10000');
  t.same(index.asChild('c9999').map(({ unit }) => unit.xref), ['F10000'], 'each child reachable from its family once numbered');
});

t.test('a family is found by its two partners in either order, and a lone parent\'s family apart from their family with a partner', async (t) => {
  const index = new FamilyIndex();
  index.add([
    { id: 's1', kind: 'spouse', partners: ['anna', 'ben'], created_at_ms: 1 },
    parentEdge('anna', 'carl', 2),
    parentEdge('ben', 'carl', 3),
    parentEdge('anna', 'dora', 4),
    { id: 's2', kind: 'spouse', partners: ['ben', 'clara'], created_at_ms: 5 },
    parentEdge('anna', 'emil', 6),
  ]);
  await index.finish(async () => {});
  const [pair, second, alone] = all(index);
  t.equal(xref(index.ofPair('anna', 'ben')), pair.xref);
  t.equal(xref(index.ofPair('ben', 'anna')), pair.xref, 'either order');
  t.equal(xref(index.ofPair('ben', 'clara')), second.xref);
  t.equal(xref(index.ofPair('anna', 'clara')), undefined, 'no family of these two');
  t.same(pair.children.map(({ child }) => child), ['carl'], 'carl has both parents: the pair\'s child');
  t.same(alone, { xref: 'F3', partners: ['anna'], children: [{ child: 'dora', pedigree: 'birth', edges: ['r4'] }, { child: 'emil', pedigree: 'birth', edges: ['r6'] }] }, 'dora and emil have their mother only: one family of one for both, made as the children are placed (after the spouse edges\' families)');
  t.equal(all(index).length, 3);
  t.same(index.asPartner('anna').map((unit) => unit.xref), ['F1', 'F3'], 'anna is a partner in both, in the order made');
  t.same(index.asPartner('ben').map((unit) => unit.xref), ['F1', 'F2']);
  t.equal(xref(index.ofEvent([{ person: 'anna', role: 'wife' }])), alone.xref, 'a lone wife\'s event goes to her family of one, not to her family with ben');
  const made = index.ofEvent([{ person: 'clara', role: 'wife' }]);
  t.same(made && { xref: made.xref, partners: made.partners, children: made.children }, { xref: 'F4', partners: ['clara'], children: [] }, 'a lone partner without one gets a family, numbered after the others');
  t.equal(xref(index.ofEvent([{ person: 'clara', role: 'wife' }])), made?.xref, 'made once');
  t.same(index.asPartner('clara').map((unit) => unit.xref), ['F2', 'F4']);
  t.equal(index.ofEvent([{ person: 'anna', role: 'wife' }])?.xref, 'F3', 'a family found again keeps its number');
  t.equal(xref(index.ofEvent([{ person: 'clara', role: 'husband' }])), made?.xref, 'a lone husband\'s event too');
  t.equal(xref(index.ofEvent([{ person: 'ben', role: 'husband' }, { person: 'anna', role: 'wife' }])), pair.xref, 'an event of two goes to their family');
  t.equal(xref(index.ofEvent([{ person: 'ben', role: 'husband' }, { person: 'dora', role: 'wife' }])), undefined, 'two without a family: none');
  t.equal(xref(index.ofEvent([{ person: 'dora', role: 'witness' }])), undefined, 'one who is no partner: no family');
  t.equal(xref(index.ofEvent([])), undefined, 'nobody: no family');
  t.equal(all(index).length, 4, 'nothing made for those');
});

t.test('a person in many families, and a family of many children, keep every one in order', async (t) => {
  const index = new FamilyIndex();
  const edges: RelationshipDto[] = [];
  for (let n = 1; n <= 40; n++) edges.push({ id: `s${n}`, kind: 'spouse', partners: ['henry', `wife${n}`], created_at_ms: n });
  for (let n = 1; n <= 40; n++) edges.push(parentEdge('henry', `child${n}`, 100 + 2 * n), parentEdge(`wife${n % 2 === 0 ? 2 : 1}`, `child${n}`, 101 + 2 * n));
  index.add(edges);
  await index.finish(async () => {});
  t.same(index.asPartner('henry').map((unit) => unit.xref), Array.from({ length: 40 }, (_, i) => `F${i + 1}`), 'forty families, past the short lists');
  t.same(index.ofPair('wife1', 'henry')?.children.map(({ child }) => child), Array.from({ length: 20 }, (_, i) => `child${2 * i + 1}`), 'twenty children, in the order placed');
  t.same(index.ofPair('henry', 'wife2')?.children.map(({ edges }) => edges.length), Array(20).fill(2));
});

t.test("a child's parents are paired by pedigree, a spouse pair first; a parent left over has a family of their own", async (t) => {
  const index = new FamilyIndex();
  index.add([
    { id: 's1', kind: 'spouse', partners: ['ann', 'cal'], created_at_ms: 1 },
    parentEdge('ann', 'kit', 2),
    parentEdge('bob', 'kit', 3),
    parentEdge('cal', 'kit', 4),
    parentEdge('dan', 'lou', 5),
    parentEdge('eve', 'lou', 6),
    parentEdge('fay', 'lou', 7),
    parentEdge('gus', 'max', 8),
    { id: 'r9', kind: 'parent', parent: 'hal', child: 'max', pedigree: 'adopted', created_at_ms: 9 },
  ]);
  await index.finish(async () => {});
  t.same(all(index), [
    { xref: 'F1', partners: ['ann', 'cal'], children: [{ child: 'kit', pedigree: 'birth', edges: ['r2', 'r4'] }] },
    { xref: 'F2', partners: ['bob'], children: [{ child: 'kit', pedigree: 'birth', edges: ['r3'] }] },
    { xref: 'F3', partners: ['dan'], children: [{ child: 'lou', pedigree: 'birth', edges: ['r5'] }] },
    { xref: 'F4', partners: ['eve', 'fay'], children: [{ child: 'lou', pedigree: 'birth', edges: ['r6', 'r7'] }] },
    { xref: 'F5', partners: ['gus'], children: [{ child: 'max', pedigree: 'birth', edges: ['r8'] }] },
    { xref: 'F6', partners: ['hal'], children: [{ child: 'max', pedigree: 'adopted', edges: ['r9'] }] },
  ], 'ann goes with cal, her partner, not bob who comes first; of three birth parents with no partners the first is alone and the other two a pair; a birth father and an adoptive one are not paired');
  t.same(index.asChild('kit').map(({ unit, pedigree, edges }) => [unit.xref, pedigree, edges]), [['F1', 'birth', ['r2', 'r4']], ['F2', 'birth', ['r3']]]);
});

t.test('edges without their persons are passed over; a pedigree not given is birth; a pair keeps its first spouse edge', async (t) => {
  const index = new FamilyIndex();
  index.add([
    { id: 's1', kind: 'spouse', partners: ['ann', 'bob'], created_at_ms: 1 },
    { id: 's2', kind: 'spouse', partners: ['bob', 'ann'], created_at_ms: 2 },
    { id: 's3', kind: 'spouse', created_at_ms: 3 },
    { id: 'r4', kind: 'parent', parent: 'ann', created_at_ms: 4 },
    { id: 'r5', kind: 'parent', child: 'kit', created_at_ms: 5 },
    { id: 'r6', kind: 'parent', parent: 'ann', child: 'kit', created_at_ms: 6 },
    { id: 'r7', kind: 'spouse', parent: 'ann', child: 'lou', created_at_ms: 7 },
  ] as RelationshipDto[]);
  await index.finish(async () => {});
  t.same(all(index), [{ xref: 'F1', partners: ['ann', 'bob'], children: [] }, { xref: 'F2', partners: ['ann'], children: [{ child: 'kit', pedigree: 'birth', edges: ['r6'] }] }]);
  t.equal(index.slice(0, 1)[0].spouseEdge, 's1', 'the first spouse edge of the pair');
  t.equal(index.slice(1, 2)[0].spouseEdge, undefined, 'a lone parent has none');
  t.same(index.asChild('lou'), [], 'a spouse edge naming a parent and a child is no parent edge');
});

t.test('a family is anchored on its spouse edge, else (one partner) on its first child\'s edge; two partners without a spouse edge have none', async (t) => {
  const index = new FamilyIndex();
  index.add([
    { id: 's1', kind: 'spouse', partners: ['ann', 'bob'], created_at_ms: 1 },
    parentEdge('cal', 'lou', 3),
    parentEdge('cal', 'max', 4),
    parentEdge('dan', 'ned', 5),
    parentEdge('eve', 'ned', 6),
  ]);
  await index.finish(async () => {});
  const [pair, cal, parents] = index.slice(0, index.count);
  t.same([familyAnchor(pair), familyAnchor(cal), familyAnchor(parents)], ['s1', 'r3', undefined]);
  t.same([pair.firstChildEdge, cal.firstChildEdge, parents.firstChildEdge], [undefined, 'r3', 'r5'], 'a family without children has no first edge');
  t.same(index.slice(1, 99).map((unit) => unit.xref), ['F2', 'F3'], 'a slice ends with the last family');
  t.same(index.slice(3, 5), [], 'and past it is empty');
});

t.test('a partner\'s sex is kept for their family\'s records; nobody else\'s', async (t) => {
  const index = new FamilyIndex();
  index.add([{ id: 's1', kind: 'spouse', partners: ['ann', 'bob'], created_at_ms: 1 }]);
  await index.finish(async () => {});
  t.equal(index.sexOf('ann'), undefined, 'not noted yet');
  index.noteSex('ann', 'F');
  index.noteSex('bob', null);
  index.noteSex('cal', 'M');
  t.same([index.sexOf('ann'), index.sexOf('bob'), index.sexOf('cal')], ['F', null, undefined], 'cal is in no family: not kept');
});

t.test('a person the index never met has no families', async (t) => {
  const index = new FamilyIndex();
  index.add([{ id: 's1', kind: 'spouse', partners: ['ann', 'bob'], created_at_ms: 1 }, parentEdge('ann', 'kit', 2)]);
  await index.finish(async () => {});
  t.same([index.asPartner('zoe'), index.asChild('zoe')], [[], []]);
  t.equal(index.ofPair('ann', 'zoe'), undefined);
  t.equal(index.ofPair('zoe', 'ann'), undefined);
  t.equal(index.ofPair('zoe', 'yan'), undefined);
});
