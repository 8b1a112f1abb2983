// StrykerJS: mutation score as the measure of the tests (issue 16). Run it through
// `npm run mutation [-- <package or folder>]` (tools/mutation/src/run.mjs), which sets
// ROOTLINE_MUTATION_TARGET; `npx stryker run` alone mutates the kernel. docs/testing.md.
import { mutationTarget } from './tools/mutation/src/targets.mjs';

const root = import.meta.dirname;
const target = mutationTarget(root, process.env.ROOTLINE_MUTATION_TARGET || 'kernel');
// `--tests <glob>` of run.mjs: a narrower set of the package's test files.
const testFiles = process.env.ROOTLINE_MUTATION_TESTS ? [process.env.ROOTLINE_MUTATION_TESTS] : target.testFiles;
// `--sample N` of run.mjs: the sampled mutants' ranges, and the sample's own report folder.
const reports = `reports/mutation/${process.env.ROOTLINE_MUTATION_SLUG || target.slug}`;
const mutate = process.env.ROOTLINE_MUTATION_MUTATE ? JSON.parse(process.env.ROOTLINE_MUTATION_MUTATE) : target.mutate;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  packageManager: 'npm',
  testRunner: 'tap',
  tap: {
    testFiles,
    // The runner starts each test file with plain node (not tap's CLI): tsx loads the TypeScript.
    nodeArgs: ['--import', 'tsx'],
    forceBail: true,
  },
  mutate,
  // Mutants in the API description's prose (summary, description, tags, examples) are not
  // counted: tools/mutation/src/ignore-api-docs.mjs, docs/testing.md.
  plugins: ['@stryker-mutator/tap-runner', './tools/mutation/src/ignore-api-docs.mjs', './tools/mutation/src/ignore-unsampled.mjs'],
  // `unsampled` ignores only under `--sample` (the mutants nested in a sampled one's range).
  ignorers: ['api-docs', ...(process.env.ROOTLINE_MUTATION_SAMPLE_FILE ? ['unsampled'] : [])],
  // Per test file: a mutant runs only the files that reached it.
  coverageAnalysis: 'perTest',
  // Packages load one another through workspace symlinks (node_modules/@rootline/*): a
  // sandbox copy would never be the code the tests import, so mutants are placed in the
  // real files and restored afterwards.
  inPlace: true,
  // tsx does not type-check, so Stryker need not mark every file `// @ts-nocheck` (with
  // inPlace that would rewrite, and later restore, files other people are editing). Only the
  // files that may be mutated get it: they are instrumented for the length of a run, and a
  // type-check started meanwhile (npm test in another shell) must still pass. Generated files
  // are left as they are (targets.mjs: their test compares them with the generator's output).
  disableTypeChecks: target.typeChecksOff,
  incremental: true,
  incrementalFile: `${reports}/incremental.json`,
  tempDirName: '.stryker-tmp',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `${reports}/index.html` },
  jsonReporter: { fileName: `${reports}/report.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true, reportMutants: false },
  // Two test processes at a time: each boots a server with real SQLite files.
  concurrency: 2,
  // A mutant is a Timeout (counted as detected) only when its tests take far longer than
  // they did unmutated: generous, so a busy machine does not pass for a caught mutant.
  timeoutFactor: 2.5,
  timeoutMS: 30_000,
  thresholds: { high: 90, low: 80, break: null },
};
