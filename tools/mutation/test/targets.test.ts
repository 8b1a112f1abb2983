import t, { type Test } from 'tap';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mutationTarget, packageFolders } from '../src/targets.mjs';
import { formatScores, scoresByFolder, undetected } from '../src/scores.mjs';

function workspace(t: Test) {
  const root = mkdtempSync(join(tmpdir(), 'rootline-mutation-'));
  t.teardown(() => rmSync(root, { recursive: true, force: true }));
  const pkg = (folder: string, name: string) => {
    mkdirSync(join(root, folder, 'src', 'http'), { recursive: true });
    mkdirSync(join(root, folder, 'test'), { recursive: true });
    writeFileSync(join(root, folder, 'package.json'), JSON.stringify({ name }));
    writeFileSync(join(root, folder, 'src', 'http', 'guard.ts'), '');
  };
  pkg('kernel', '@rootline/kernel');
  pkg('plugins/notes', '@rootline/plugin-notes');
  pkg('libs/gedcom-date', '@rootline/gedcom-date');
  mkdirSync(join(root, 'plugins', 'not-a-package'), { recursive: true });
  return root;
}

t.test('the workspace packages, kernel first', async (t) => {
  t.same(packageFolders(workspace(t)), ['kernel', 'plugins/notes', 'libs/gedcom-date']);
});

t.test('a target names a package or a folder of its sources; its own suite runs', async (t) => {
  const root = workspace(t);
  const cases: [string, { folder: string; slug: string; mutate: string[]; typeChecksOff: string; testFiles: string[] }][] = [
    ['kernel', { folder: 'kernel', slug: 'kernel', mutate: ['kernel/src/**/*.ts', '!**/*.d.ts', '!**/*.generated.ts'], typeChecksOff: 'kernel/src/**/!(*.generated).ts', testFiles: ['kernel/test/**/*.test.ts'] }],
    ['kernel/src/http', { folder: 'kernel', slug: 'kernel-src-http', mutate: ['kernel/src/http/**/*.ts', '!**/*.d.ts', '!**/*.generated.ts'], typeChecksOff: 'kernel/src/http/**/!(*.generated).ts', testFiles: ['kernel/test/**/*.test.ts'] }],
    ['./kernel/src/http/', { folder: 'kernel', slug: 'kernel-src-http', mutate: ['kernel/src/http/**/*.ts', '!**/*.d.ts', '!**/*.generated.ts'], typeChecksOff: 'kernel/src/http/**/!(*.generated).ts', testFiles: ['kernel/test/**/*.test.ts'] }],
    ['kernel/src/http/guard.ts', { folder: 'kernel', slug: 'kernel-src-http-guard-ts', mutate: ['kernel/src/http/guard.ts', '!**/*.d.ts', '!**/*.generated.ts'], typeChecksOff: 'kernel/src/http/guard.ts', testFiles: ['kernel/test/**/*.test.ts'] }],
    ['notes', { folder: 'plugins/notes', slug: 'plugins-notes', mutate: ['plugins/notes/src/**/*.ts', '!**/*.d.ts', '!**/*.generated.ts'], typeChecksOff: 'plugins/notes/src/**/!(*.generated).ts', testFiles: ['plugins/notes/test/**/*.test.ts'] }],
    ['@rootline/plugin-notes', { folder: 'plugins/notes', slug: 'plugins-notes', mutate: ['plugins/notes/src/**/*.ts', '!**/*.d.ts', '!**/*.generated.ts'], typeChecksOff: 'plugins/notes/src/**/!(*.generated).ts', testFiles: ['plugins/notes/test/**/*.test.ts'] }],
    ['plugins/notes', { folder: 'plugins/notes', slug: 'plugins-notes', mutate: ['plugins/notes/src/**/*.ts', '!**/*.d.ts', '!**/*.generated.ts'], typeChecksOff: 'plugins/notes/src/**/!(*.generated).ts', testFiles: ['plugins/notes/test/**/*.test.ts'] }],
    ['gedcom-date', { folder: 'libs/gedcom-date', slug: 'libs-gedcom-date', mutate: ['libs/gedcom-date/src/**/*.ts', '!**/*.d.ts', '!**/*.generated.ts'], typeChecksOff: 'libs/gedcom-date/src/**/!(*.generated).ts', testFiles: ['libs/gedcom-date/test/**/*.test.ts'] }],
  ];
  for (const [wanted, expected] of cases) t.same(mutationTarget(root, wanted), expected, wanted);
  t.same(mutationTarget(root).folder, 'kernel', 'the kernel by default');
  t.throws(() => mutationTarget(root, 'nothing'), /no workspace package matches "nothing"/);
  t.throws(() => mutationTarget(root, 'kernel/src/nope'), /kernel\/src\/nope does not exist/);
  t.throws(() => mutationTarget(root, 'kernel/test'), /is not under kernel\/src/);
});

t.test('scores per folder, as Stryker counts them', async (t) => {
  const mutant = (status: string, line = 1) => ({ status, mutatorName: 'ConditionalExpression', replacement: 'true', location: { start: { line, column: 1 }, end: { line, column: 2 } } });
  const report = {
    files: {
      'kernel/src/http/guard.ts': { mutants: [mutant('Killed'), mutant('Killed'), mutant('Timeout'), mutant('Survived', 7)] },
      'kernel/src/http/paging.ts': { mutants: [mutant('NoCoverage', 9), mutant('CompileError'), mutant('Ignored')] },
      '/repo/kernel/src/auth/actor.ts': { mutants: [mutant('Ignored')] },
    },
  };
  t.same(scoresByFolder(report, '/repo'), [
    { folder: 'kernel/src/auth', killed: 0, timeout: 0, survived: 0, noCoverage: 0, other: 1, score: null },
    { folder: 'kernel/src/http', killed: 2, timeout: 1, survived: 1, noCoverage: 1, other: 2, score: 60 },
  ]);
  t.same(undetected(report, '/repo'), [
    'survived  kernel/src/http/guard.ts:7  ConditionalExpression: "true"',
    'no coverage  kernel/src/http/paging.ts:9  ConditionalExpression: "true"',
  ]);
  t.match(formatScores(scoresByFolder(report, '/repo')), /kernel\/src\/http +2 +1 +1 +1 +2 +60\.00 %/);
  t.match(formatScores(scoresByFolder(report, '/repo')), /kernel\/src\/auth .* n\/a/);
});
