import t from 'tap';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packagesWithThresholds, shortfalls } from '../src/thresholds.mjs';
import coverageMap from '../src/map.mjs';

const measure = (covered: number, total: number) => ({ covered, total, pct: total ? (100 * covered) / total : 100 });
const entry = (lines: [number, number], branches: [number, number]) => ({
  lines: measure(...lines), statements: measure(...lines), functions: measure(1, 1), branches: measure(...branches),
});

t.test('each package is held to its own thresholds, over its own src files only', async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'rootline-coverage-'));
  for (const [folder, thresholds] of [['kernel', { lines: 90, branches: 80 }], ['plugins/notes', { lines: 95 }], ['plugins/audit', undefined]] as const) {
    mkdirSync(join(root, folder), { recursive: true });
    writeFileSync(join(root, folder, 'package.json'), JSON.stringify({ name: folder, ...(thresholds ? { coverageThresholds: thresholds } : {}) }));
  }
  const packages = packagesWithThresholds(root);
  t.same(packages.map((p) => p.folder).sort(), ['kernel', 'plugins/notes'], 'a package without thresholds is not checked');
  const summary = {
    total: entry([0, 100], [0, 100]),
    [join(root, 'kernel/src/a.ts')]: entry([90, 100], [8, 10]),
    [join(root, 'kernel/src/b.ts')]: entry([10, 10], [0, 0]),
    [join(root, 'plugins/notes/src/service.ts')]: entry([94, 100], [1, 1]),
    [join(root, 'plugins/notes-extra/src/x.ts')]: entry([0, 100], [0, 1]),
  };
  t.same(shortfalls(root, summary, packages), ['plugins/notes: lines 94.00% is below its threshold 95%'],
    'kernel passes at 100/110 lines and 8/10 branches; notes-extra files do not count toward notes');
  t.same(shortfalls(root, { total: entry([0, 1], [0, 1]) }, packages).length, 2, 'a package with no recorded coverage is a failure, not a pass');
});

t.test('the coverage map sends each suite to its own package and the end-to-end tests nowhere', async (t) => {
  t.same(coverageMap('plugins/notes/test/notes.test.ts'), ['plugins/notes/src/**/*.ts', 'plugins/notes/src/**/*.mjs']);
  t.same(coverageMap('kernel/test/paging.test.ts'), ['kernel/src/**/*.ts', 'kernel/src/**/*.mjs']);
  t.same(coverageMap('tools/cli/test/cli.test.ts'), ['tools/cli/src/**/*.ts', 'tools/cli/src/**/*.mjs']);
  t.equal(coverageMap('test/server.e2e.test.ts'), null);
});
