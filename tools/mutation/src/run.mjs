#!/usr/bin/env node
// npm run mutation [-- <package or folder>] [-- stryker options]
//   npm run mutation                      the kernel, with the kernel's suite
//   npm run mutation -- kernel/src/http   one folder of the kernel, still the kernel's suite
//   npm run mutation -- notes             @rootline/plugin-notes with plugins/notes/test
//   npm run mutation -- kernel/src/auth --tests 'kernel/test/{bearer-auth,human-only}.test.ts'
//                                         only the test files of this glob: a
//                                         quicker, narrower measure; say so when you quote it
//   npm run mutation -- persons --sample 120 [--seed 1]
//                                         a seeded random sample of the package's mutants
//                                         (sample.mjs): an estimate with its 95 % interval, for
//                                         packages whose whole run takes longer than there is
//   npm run mutation -- kernel --force    anything else after the target goes to `stryker run`
// Mutants are placed in the real files (inPlace, see stryker.config.mjs) and restored when
// Stryker ends: stop it with Ctrl-C (SIGINT), never with SIGKILL. Reports and the
// incremental file go to reports/mutation/<target>/.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mutationTarget } from './targets.mjs';
import { formatScores, scoresByFolder, undetected } from './scores.mjs';
import { formatEstimate, listMutants, mutateRanges, pickSample, sampleEstimate } from './sample.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const args = process.argv.slice(2);
/** Takes `name value` out of the arguments (the rest go to Stryker); undefined when absent. */
const option = (name) => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
};
const tests = option('--tests');
const sampleSize = option('--sample');
const seed = Number(option('--seed') ?? 1);
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
let sample;
const env = { ...process.env, ROOTLINE_MUTATION_TARGET: wanted, ROOTLINE_MUTATION_TESTS: tests ?? '' };
if (sampleSize) {
  if (!/^[1-9]\d*$/.test(sampleSize) || !Number.isInteger(seed)) {
    process.stderr.write('mutation: --sample takes a count of mutants, --seed an integer\n');
    process.exit(2);
  }
  sample = pickSample(await listMutants(root, target), Number(sampleSize), seed);
  // Its own report folder: a sample's incremental file must not pass for the whole package's.
  target = { ...target, slug: `${target.slug}-sample-${sampleSize}-seed-${seed}` };
  mkdirSync(join(root, 'reports', 'mutation', target.slug), { recursive: true });
  const sampleFile = join(root, 'reports', 'mutation', target.slug, 'sample.json');
  writeFileSync(sampleFile, `${JSON.stringify(sample, null, 1)}\n`);
  env.ROOTLINE_MUTATION_SAMPLE_FILE = sampleFile;
  env.ROOTLINE_MUTATION_MUTATE = JSON.stringify(mutateRanges(sample));
  env.ROOTLINE_MUTATION_SLUG = target.slug;
}
process.stdout.write(`mutation: mutating ${sample ? `${sample.length} sampled mutants of ` : ''}${target.mutate[0]} with ${tests ?? target.testFiles[0]}\n`);
const stryker = join(root, 'node_modules', '.bin', 'stryker');
const run = spawnSync(stryker, ['run', 'stryker.config.mjs', ...strykerArgs], {
  cwd: root,
  stdio: 'inherit',
  // tap's own limit per test file (30 s by default) could fail a slow file on a busy
  // machine and count as a kill; Stryker's timeout decides instead.
  env: { ...env, TAP_TIMEOUT: process.env.TAP_TIMEOUT ?? '600' },
});
const reportFile = join(root, 'reports', 'mutation', target.slug, 'report.json');
if (run.status === 0 && existsSync(reportFile)) {
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  process.stdout.write(`\n${formatScores(scoresByFolder(report, root))}\n\nUndetected mutants:\n${undetected(report, root).join('\n') || '(none)'}\n`);
  if (sample) {
    process.stdout.write(`\n${formatEstimate(sampleEstimate(report, root, sample), seed)}\n`);
  }
}
process.exit(run.status ?? 1);
