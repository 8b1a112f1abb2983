import t from 'tap';
import { BLOCK, PEDIGREE, gedcomDate, generator, paternalTop, pick, placeInBlock, sexOf, summarise, verdicts, zipf } from '../src/people-plan.js';

/** The people bench's tree and arithmetic (src/people-plan.ts); the bench itself needs minutes of seeding. */

t.test('generator: deterministic, in range', async (t) => {
  const a = generator(7);
  const b = generator(7);
  const drawn = Array.from({ length: 1000 }, () => a(10));
  t.same(drawn, Array.from({ length: 1000 }, () => b(10)), 'the same seed, the same numbers');
  t.ok(drawn.every((n) => Number.isInteger(n) && n >= 0 && n < 10), 'integers in 0..n-1');
  t.equal(new Set(drawn).size, 10, 'every value comes up');
  t.not(generator(8)(1e9), generator(7)(1e9), 'another seed, other numbers');
});

t.test('zipf and pick: cumulative weights 1/(rank + offset), found by bisection', async (t) => {
  const weights = zipf(3, 0);
  // 1, 1/2, 1/3 over 11/6
  t.same(weights.map((w) => Math.round(w * 1000) / 1000), [0.545, 0.818, 1]);
  t.equal(pick(weights, 0), 0);
  t.equal(pick(weights, 0.5), 0);
  t.equal(pick(weights, 0.545), 0);
  t.equal(pick(weights, 0.546), 1);
  t.equal(pick(weights, 0.9), 2);
  t.equal(pick(weights, 0.999999), 2);
  t.equal(pick([1], 0.3), 0, 'one rank');
  const flat = zipf(100, 1e9);
  t.ok(Math.abs(flat[49] - 0.5) < 1e-6, 'a huge offset is nearly uniform');
  const head = zipf(1000, 20);
  t.ok(head[0] > 0.01 && head[0] < 0.02, `the commonest of 1,000 with offset 20 is 1-2 % (${head[0]})`);
});

t.test('placeInBlock: Ahnentafel pedigree of ten generations, then one more child per couple', async (t) => {
  t.equal(PEDIGREE, 1023);
  t.equal(BLOCK, 1534);
  t.same(placeInBlock(0), { generation: 0, father: 1, mother: 2 });
  t.same(placeInBlock(1), { generation: 1, father: 3, mother: 4 });
  t.same(placeInBlock(2), { generation: 1, father: 5, mother: 6 });
  t.same(placeInBlock(510), { generation: 8, father: 1021, mother: 1022 }, 'the last person with parents');
  t.same(placeInBlock(511), { generation: 9, father: null, mother: null }, 'the tenth generation has none');
  t.same(placeInBlock(1022), { generation: 9, father: null, mother: null });
  t.same(placeInBlock(PEDIGREE), { generation: 0, father: 1, mother: 2 }, 'a sibling of the youngest');
  t.same(placeInBlock(PEDIGREE + 510), { generation: 8, father: 1021, mother: 1022 });
  // Ten generations above position 0: every slot of a pedigree(10) chart is filled.
  const reached = new Set([0]);
  for (const p of reached) for (const parent of [placeInBlock(p).father, placeInBlock(p).mother]) if (parent !== null) reached.add(parent);
  t.equal(reached.size, PEDIGREE);
});

t.test('sexOf and paternalTop: fathers odd, mothers even; a surname follows the fathers', async (t) => {
  t.equal(sexOf(1), 'M');
  t.equal(sexOf(2), 'F');
  for (let p = 0; p < 511; p++) t.equal(sexOf(placeInBlock(p).father!), 'M', `the father of ${p}`);
  t.equal(paternalTop(0), 511, '0, 1, 3, 7, ..., 511');
  t.equal(paternalTop(2), 767, 'the mother: her own father\'s line (2, 5, 11, ..., 767)');
  t.equal(paternalTop(600), 600, 'a tenth-generation person is the top of a line');
  t.equal(paternalTop(PEDIGREE), 511, 'a sibling carries the father\'s surname');
});

t.test('gedcomDate: exact mostly, every 7th ABT, every 50th a phrase', async (t) => {
  t.equal(gedcomDate(1851, 0, 0), '1 JAN 1851');
  t.equal(gedcomDate(1851, 29, 1), '2 FEB 1851');
  t.equal(gedcomDate(1851, 335, 2), '28 DEC 1851');
  t.equal(gedcomDate(1851, 10, 6), 'ABT 1851');
  t.equal(gedcomDate(1851, 10, 49), '(in the spring)');
  t.equal(gedcomDate(1851, 10, 48), 'ABT 1851', '48 % 7 = 6');
});

t.test('summarise: medians over rounds, ours over bare', async (t) => {
  const ours = [{ p50_ms: 4, p99_ms: 9, cpu_ms: 3 }, { p50_ms: 2, p99_ms: 30, cpu_ms: 2 }, { p50_ms: 3, p99_ms: 10, cpu_ms: 2.5 }];
  const bare = [{ p50_ms: 1, p99_ms: 2, cpu_ms: 0.2 }, { p50_ms: 0.5, p99_ms: 5, cpu_ms: 0.1 }, { p50_ms: 2, p99_ms: 4, cpu_ms: 0.3 }];
  t.same(summarise(ours, bare), { p50_ms: 3, p99_ms: 10, cpu_ms: 2.5, bare_p50_ms: 1, bare_p99_ms: 4, bare_cpu_ms: 0.2, p50_ratio: 3, p99_ratio: 2.5, rounds: 3 });
});

t.test('verdicts: absolute targets on p50, the deep page against the first', async (t) => {
  t.same(verdicts({ search: 10, card: 10.5, pedigree: 14, fan: 60, first_page: 2, deep_page: 4 }), {
    search: { target: 'p50 <= 10 ms', met: true },
    card: { target: 'p50 <= 10 ms', met: false },
    pedigree: { target: 'p50 <= 15 ms', met: true },
    fan: { target: 'p50 <= 50 ms', met: false },
    deep_page: { target: 'p50 <= 2x first page', met: true },
  });
  t.same(verdicts({ first_page: 2, deep_page: 4.1 }), { deep_page: { target: 'p50 <= 2x first page', met: false } });
  t.same(verdicts({ deep_page: 1 }), {}, 'no first page, no verdict on the deep one');
  t.same(verdicts({ other: 1 }), {}, 'requests without a target');
});
