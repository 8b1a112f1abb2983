import t, { type Test } from 'tap';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatEstimate, listMutants, mutateRanges, pickSample, sampleEstimate, seeded, sourceFiles, wilson } from '../src/sample.mjs';
import { unsampledIgnorer, within } from '../src/ignore-unsampled.mjs';

type Place = { start: { line: number; column: number }; end: { line: number; column: number } };
const place = (startLine: number, startColumn: number, endLine: number, endColumn: number): Place => ({ start: { line: startLine, column: startColumn }, end: { line: endLine, column: endColumn } });

/** A package folder with two sources, a declaration file, a generated file and a nested folder. */
function fixture(t: Test): string {
  return t.testdir({
    pkg: {
      src: {
        'a.ts': "export const limit = (n: number) => (n > 10 ? 'big' : 'small');\n",
        nested: { 'b.ts': "export function twice(x: number) {\n  return x * 2;\n}\nexport const docs = { description: 'prose', minimum: 1 };\n" },
        'types.d.ts': 'export type X = number;\n',
        'rules.generated.ts': "export const RULES = { INDI: ['NAME', 'SEX'] };\n",
      },
    },
  });
}

t.test('the sources of a target: every .ts under the folder, sorted, no declaration or generated files; one file as it is', async (t) => {
  const root = fixture(t);
  t.same(sourceFiles(root, 'pkg/src/**/*.ts'), ['pkg/src/a.ts', 'pkg/src/nested/b.ts']);
  t.same(sourceFiles(root, 'pkg/src/a.ts'), ['pkg/src/a.ts']);
});

t.test('the mutants are the instrumenter\'s, without the API description\'s prose, places counted from 0', async (t) => {
  const root = fixture(t);
  const mutants = await listMutants(root, { mutate: ['pkg/src/**/*.ts', '!**/*.d.ts', '!**/*.generated.ts'] });
  t.ok(mutants.length > 5, `${mutants.length} mutants`);
  t.same(new Set(mutants.map((m: { file: string }) => m.file)), new Set(['pkg/src/a.ts', 'pkg/src/nested/b.ts']));
  const line3 = mutants.filter((m: { file: string; location: Place }) => m.file === 'pkg/src/nested/b.ts' && m.location.start.line === 3);
  t.same(line3.map((m: { mutatorName: string }) => m.mutatorName), ['ObjectLiteral'], "the description's text is not a mutant; the object is");
  const bound = mutants.find((m: { mutatorName: string; replacement: string }) => m.mutatorName === 'EqualityOperator' && m.replacement === 'n >= 10');
  t.same(bound?.location, place(0, 37, 0, 43), 'n > 10 at line 0, columns 37-43');
  t.same(bound?.file, 'pkg/src/a.ts');
});

t.test('a seeded sample: the same seed picks the same mutants, another seed others, never one twice', async (t) => {
  const items = Array.from({ length: 50 }, (_, i) => i);
  const first = pickSample(items, 10, 7);
  t.same(pickSample(items, 10, 7), first, 'the same seed, the same sample');
  t.not(JSON.stringify(pickSample(items, 10, 8)), JSON.stringify(first), 'another seed, another sample');
  t.equal(new Set(first).size, 10, 'without replacement');
  t.same([...pickSample(items, 80, 1)].sort((a, b) => a - b), items, 'a sample larger than the package is the whole package');
  t.same(items.length, 50, 'the list given is not reordered');
  t.same(pickSample(items, 0, 1), []);
});

t.test('the sample is uniform: over many seeds each mutant is picked about as often as any other', async (t) => {
  const items = Array.from({ length: 20 }, (_, i) => i);
  const counts = new Array(20).fill(0);
  for (let seed = 0; seed < 4000; seed++) for (const i of pickSample(items, 5, seed)) counts[i]++;
  // Expected 1,000 each (4,000 x 5 / 20); the first and last places must not be favoured.
  for (const [i, count] of counts.entries()) t.ok(count > 880 && count < 1120, `mutant ${i}: ${count}`);
});

t.test('the generator: the same seed repeats, values lie in [0, 1)', async (t) => {
  const a = seeded(42);
  const b = seeded(42);
  const values = Array.from({ length: 1000 }, () => a());
  t.same(Array.from({ length: 1000 }, () => b()), values);
  t.ok(values.every((v) => v >= 0 && v < 1));
  t.ok(new Set(values).size > 990, 'no short cycle');
  t.ok(Math.abs(values.reduce((sum, v) => sum + v, 0) / 1000 - 0.5) < 0.05, 'centred on a half');
});

t.test('Stryker ranges: lines from 1, columns as they are, one per place', async (t) => {
  const sample = [
    { file: 'p/src/a.ts', location: place(0, 37, 0, 43), mutatorName: 'EqualityOperator', replacement: 'n >= 10' },
    { file: 'p/src/a.ts', location: place(0, 37, 0, 43), mutatorName: 'EqualityOperator', replacement: 'n <= 10' },
    { file: 'p/src/b.ts', location: place(2, 0, 4, 1), mutatorName: 'BlockStatement', replacement: '{}' },
  ];
  t.same(mutateRanges(sample), ['p/src/a.ts:1:37-1:43', 'p/src/b.ts:3:0-5:1']);
});

t.test('the estimate counts the sampled mutants only, found in the report by file, mutator, replacement and place', async (t) => {
  const root = '/repo';
  const sample = [
    { file: 'p/src/a.ts', location: place(0, 37, 0, 43), mutatorName: 'EqualityOperator', replacement: 'n >= 10' },
    { file: 'p/src/a.ts', location: place(0, 37, 0, 43), mutatorName: 'EqualityOperator', replacement: 'n <= 10' },
    { file: 'p/src/b.ts', location: place(2, 0, 4, 1), mutatorName: 'BlockStatement', replacement: '{}' },
    { file: 'p/src/b.ts', location: place(5, 2, 5, 9), mutatorName: 'StringLiteral', replacement: '""' },
    { file: 'p/src/c.ts', location: place(1, 1, 1, 2), mutatorName: 'BooleanLiteral', replacement: 'false' },
  ];
  // The JSON report counts lines and columns from 1; its file names may be absolute.
  const at = (l: number, c: number, el: number, ec: number) => ({ start: { line: l + 1, column: c + 1 }, end: { line: el + 1, column: ec + 1 } });
  const report = {
    files: {
      '/repo/p/src/a.ts': { mutants: [
        { mutatorName: 'EqualityOperator', replacement: 'n >= 10', location: at(0, 37, 0, 43), status: 'Killed' },
        { mutatorName: 'EqualityOperator', replacement: 'n <= 10', location: at(0, 37, 0, 43), status: 'Survived' },
      ] },
      'p/src/b.ts': { mutants: [
        { mutatorName: 'BlockStatement', replacement: '{}', location: at(2, 0, 4, 1), status: 'Timeout' },
        { mutatorName: 'StringLiteral', replacement: '""', location: at(5, 2, 5, 9), status: 'NoCoverage' },
        // Nested in a sampled range, run too, not sampled: not counted.
        { mutatorName: 'ArithmeticOperator', replacement: 'x / 2', location: at(3, 9, 3, 14), status: 'Survived' },
      ] },
    },
  };
  const estimate = sampleEstimate(report, root, sample);
  t.same(estimate.rows.map((row: { status: string }) => row.status), ['Killed', 'Survived', 'Timeout', 'NoCoverage', 'missing']);
  t.equal(estimate.detected, 2, 'killed and timed out');
  t.equal(estimate.valid, 4, 'survived and not covered count against; missing does not count');
  t.equal(estimate.missing, 1);
  t.equal(estimate.score, 50);
  t.same(estimate.interval!.map((v: number) => Math.round(v * 10) / 10), [15, 85]);

  const shifted = { files: { 'p/src/b.ts': { mutants: [{ mutatorName: 'BlockStatement', replacement: '{}', location: place(2, 0, 4, 1), status: 'Killed' }] } } };
  t.equal(sampleEstimate(shifted, root, sample).missing, 5, 'a place counted from 0 in the report is not the sampled one');
  t.equal(sampleEstimate({ files: {} }, root, sample).score, null, 'nothing with a result: no score');

  t.equal(formatEstimate(estimate, 7), [
    'Sample of 5 (seed 7): 2 of 4 detected, estimated score 50.0 % (95 % interval 15.0-85.0 %); 1 not found in the report',
    'Survived  p/src/a.ts:1  EqualityOperator: "n <= 10"',
    'NoCoverage  p/src/b.ts:6  StringLiteral: "\\"\\""',
    'missing  p/src/c.ts:2  BooleanLiteral: "false"',
  ].join('\n'), 'the estimate, then what was not detected, lines counted from 1');
  t.equal(formatEstimate(sampleEstimate({ files: {} }, root, sample), 1).split('\n')[0], 'Sample of 5 (seed 1): 0 of 0 detected, estimated score n/a; 5 not found in the report');
});

t.test('the Wilson interval: known values, edges and no trials', async (t) => {
  const round = (pair: number[] | null) => pair && pair.map((v) => Math.round(v * 100) / 100);
  t.same(round(wilson(85, 100)), [76.72, 90.69]);
  t.same(round(wilson(0, 10)), [0, 27.75]);
  t.same(round(wilson(10, 10)), [72.25, 100]);
  t.same(round(wilson(50, 100, 2.576)), [37.53, 62.47], 'another z');
  t.equal(wilson(0, 0), null);
});

t.test('the unsampled ignorer keeps a node only when a sampled place lies inside it', async (t) => {
  // Babel places (lines from 1); the sample's rows count lines from 0.
  const ignorer = unsampledIgnorer([{ location: place(4, 2, 4, 9) }, { location: place(9, 0, 12, 1) }]);
  const node = (loc: Place | null) => ({ node: { loc } });
  t.equal(ignorer.shouldIgnore(node(place(5, 2, 5, 9))), undefined, 'the sampled node itself');
  t.equal(ignorer.shouldIgnore(node(place(1, 0, 20, 1))), undefined, 'an ancestor holding both');
  t.equal(ignorer.shouldIgnore(node(place(10, 0, 13, 1))), undefined, 'the second sampled node');
  t.equal(ignorer.shouldIgnore(node(place(5, 3, 5, 8))), 'not in the sample', 'nested inside, smaller than the sampled node');
  t.equal(ignorer.shouldIgnore(node(place(11, 2, 11, 20))), 'not in the sample', 'a statement inside a sampled block');
  t.equal(ignorer.shouldIgnore(node(place(6, 0, 8, 0))), 'not in the sample', 'between the two');
  t.equal(ignorer.shouldIgnore(node(null)), undefined, 'a node without a place is left to the others');
});

t.test('within: the edges of a place count as inside', async (t) => {
  const outer = place(2, 4, 6, 8);
  t.ok(within(outer, outer));
  t.ok(within(outer, place(2, 4, 2, 5)));
  t.ok(within(outer, place(6, 0, 6, 8)));
  t.notOk(within(outer, place(2, 3, 3, 0)), 'starts a column before');
  t.notOk(within(outer, place(5, 0, 6, 9)), 'ends a column after');
  t.notOk(within(outer, place(1, 9, 3, 0)), 'starts a line before');
  t.notOk(within(outer, place(3, 0, 7, 0)), 'ends a line after');
  t.ok(within(outer, place(3, 0, 5, 99)), 'columns of inner lines do not matter');
});

// Keeps the fixture helpers honest on their own: a folder without sources lists nothing.
t.test('an empty package lists no source', async (t) => {
  const root = t.testdir({ pkg: { src: {} } });
  mkdirSync(join(root, 'pkg/src/deep'), { recursive: true });
  writeFileSync(join(root, 'pkg/src/deep/readme.md'), 'not code');
  t.same(sourceFiles(root, 'pkg/src/**/*.ts'), []);
});
