#!/usr/bin/env node
// npm run mutation [-- <package or folder>] [-- stryker options]
//   npm run mutation                      the kernel, with the kernel's suite
//   npm run mutation -- kernel/src/http   one folder of the kernel, still the kernel's suite
//   npm run mutation -- notes             @rootline/plugin-notes with plugins/notes/test
//   npm run mutation -- kernel/src/auth --tests 'kernel/test/{bearer-auth,human-only}.test.ts'
//                                         only the test files of this glob: a
//                                         quicker, narrower measure; say so when you quote it
//   npm run mutation -- kernel --force    anything else after the target goes to `stryker run`
// Mutants are placed in the real files (inPlace, see stryker.config.mjs) and restored when
// Stryker ends: stop it with Ctrl-C (SIGINT), never with SIGKILL. Reports and the
// incremental file go to reports/mutation/<target>/.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mutationTarget } from './targets.mjs';
import { formatScores, scoresByFolder, undetected } from './scores.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const args = process.argv.slice(2);
const testsAt = args.indexOf('--tests');
const tests = testsAt >= 0 ? args.splice(testsAt, 2)[1] : undefined;
const [first, ...rest] = args;
const wanted = first && !first.startsWith('-') ? first : 'kernel';
const strykerArgs = first && first.startsWith('-') ? [first, ...rest] : rest;

let target;
try {
  target = mutationTarget(root, wanted);
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(2);
}
process.stdout.write(`mutation: mutating ${target.mutate[0]} with ${tests ?? target.testFiles[0]}\n`);
const stryker = join(root, 'node_modules', '.bin', 'stryker');
const run = spawnSync(stryker, ['run', 'stryker.config.mjs', ...strykerArgs], {
  cwd: root,
  stdio: 'inherit',
  // tap's own limit per test file (30 s by default) could fail a slow file on a busy
  // machine and count as a kill; Stryker's timeout decides instead.
  env: { ...process.env, ROOTLINE_MUTATION_TARGET: wanted, ROOTLINE_MUTATION_TESTS: tests ?? '', TAP_TIMEOUT: process.env.TAP_TIMEOUT ?? '600' },
});
const reportFile = join(root, 'reports', 'mutation', target.slug, 'report.json');
if (run.status === 0 && existsSync(reportFile)) {
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  process.stdout.write(`\n${formatScores(scoresByFolder(report, root))}\n\nUndetected mutants:\n${undetected(report, root).join('\n') || '(none)'}\n`);
}
process.exit(run.status ?? 1);
