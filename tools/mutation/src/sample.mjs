// A random sample of a package's mutants, for a score estimate when the whole run would take
// longer than the machine has (npm run mutation -- persons --sample 120). The mutants are
// listed by Stryker's own instrumenter (the same mutators, the same api-docs ignorer), a
// seeded shuffle picks `size` of them, and Stryker is given exactly their source ranges. A
// range also holds the mutants nested inside it (a block emptied holds its statements'
// mutants): those run too, but the estimate counts the sampled mutants only, so each mutant
// of the package had the same chance to be counted. docs/testing.md "Sampled scores".
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { Instrumenter } from '@stryker-mutator/instrumenter';
import { apiDocsIgnorer } from './ignore-api-docs.mjs';
import { NOT_MUTATED } from './targets.mjs';

const QUIET = { isDebugEnabled: () => false, debug() {}, info() {}, warn() {}, error() {}, isTraceEnabled: () => false, trace() {}, isInfoEnabled: () => false };

/** Every mutant Stryker would test in the target's files (ignored ones left out), in a stable order. */
export async function listMutants(root, target) {
  const files = sourceFiles(root, target.mutate[0]).map((name) => ({ name: resolve(root, name), mutate: true, content: readFileSync(resolve(root, name), 'utf8') }));
  const { mutants } = await new Instrumenter(QUIET).instrument(files, { plugins: null, excludedMutations: [], ignorers: [apiDocsIgnorer] });
  return mutants
    .filter((mutant) => mutant.status !== 'Ignored')
    .map(({ fileName, location, mutatorName, replacement }) => ({ file: relative(root, fileName), location, mutatorName, replacement }));
}

/**
 * The TypeScript files a target's pattern names (mutationTarget makes only `<folder>/**\/*.ts`
 * or one file), those never mutated (`NOT_MUTATED`: declaration and generated files) left out,
 * sorted.
 */
export function sourceFiles(root, pattern) {
  if (!pattern.endsWith('/**/*.ts')) return [pattern];
  const found = [];
  const walk = (folder) => {
    for (const name of readdirSync(resolve(root, folder)).sort()) {
      const path = join(folder, name);
      if (statSync(resolve(root, path)).isDirectory()) walk(path);
      else if (name.endsWith('.ts') && !NOT_MUTATED.some((suffix) => name.endsWith(suffix))) found.push(path);
    }
  };
  walk(pattern.slice(0, -'/**/*.ts'.length));
  return found.sort();
}

/** A seeded pseudo-random generator (mulberry32): the same seed picks the same sample. */
export function seeded(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `size` mutants picked uniformly without replacement (a partial Fisher-Yates shuffle). */
export function pickSample(mutants, size, seed) {
  const random = seeded(seed);
  const pool = [...mutants];
  const count = Math.min(size, pool.length);
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, count);
}

/**
 * Stryker `mutate` patterns for the sample, `file:line:column-line:column` (lines from 1,
 * columns from 0, as Stryker reads them); one per distinct range.
 */
export function mutateRanges(sample) {
  const ranges = sample.map(({ file, location: { start, end } }) => `${file}:${start.line + 1}:${start.column}-${end.line + 1}:${end.column}`);
  return [...new Set(ranges)];
}

/** The key a sampled mutant and its row in Stryker's JSON report share (the report counts lines and columns from 1). */
const keyOf = (file, mutatorName, replacement, start, end) => JSON.stringify([file, mutatorName, replacement, start.line, start.column, end.line, end.column]);

/**
 * What the run says of the sampled mutants: each one's status, found in the report by file,
 * mutator, replacement and place; the estimate (killed + timeout over the sampled mutants
 * with a result) and its 95 % Wilson interval. Mutants the report does not hold are `missing`.
 */
export function sampleEstimate(report, root, sample) {
  const statuses = new Map();
  for (const [file, { mutants }] of Object.entries(report.files)) {
    const name = file.startsWith('/') ? relative(root, file) : file;
    for (const mutant of mutants) {
      const { start, end } = mutant.location;
      statuses.set(keyOf(name, mutant.mutatorName, mutant.replacement, { line: start.line - 1, column: start.column - 1 }, { line: end.line - 1, column: end.column - 1 }), mutant.status);
    }
  }
  const rows = sample.map((mutant) => ({ ...mutant, status: statuses.get(keyOf(mutant.file, mutant.mutatorName, mutant.replacement, mutant.location.start, mutant.location.end)) ?? 'missing' }));
  const detected = rows.filter((row) => row.status === 'Killed' || row.status === 'Timeout').length;
  const valid = rows.filter((row) => ['Killed', 'Timeout', 'Survived', 'NoCoverage'].includes(row.status)).length;
  return { rows, detected, valid, missing: rows.filter((row) => row.status === 'missing').length, score: valid ? (100 * detected) / valid : null, interval: wilson(detected, valid) };
}

/**
 * What a sampled run prints: the estimate with its interval, then each sampled mutant that
 * was not detected (file:line counted from 1, mutator, replacement), to be read one by one.
 */
export function formatEstimate(estimate, seed) {
  const interval = estimate.interval ? ` (95 % interval ${estimate.interval[0].toFixed(1)}-${estimate.interval[1].toFixed(1)} %)` : '';
  const score = estimate.score === null ? 'n/a' : `${estimate.score.toFixed(1)} %`;
  const missing = estimate.missing ? `; ${estimate.missing} not found in the report` : '';
  const head = `Sample of ${estimate.rows.length} (seed ${seed}): ${estimate.detected} of ${estimate.valid} detected, estimated score ${score}${interval}${missing}`;
  const undetectedRows = estimate.rows.filter((row) => row.status !== 'Killed' && row.status !== 'Timeout');
  return [head, ...undetectedRows.map((row) => `${row.status}  ${row.file}:${row.location.start.line + 1}  ${row.mutatorName}: ${JSON.stringify(row.replacement)}`)].join('\n');
}

/** The 95 % Wilson score interval of a proportion, in percent. */
export function wilson(successes, trials, z = 1.96) {
  if (trials === 0) return null;
  const p = successes / trials;
  const denominator = 1 + (z * z) / trials;
  const centre = (p + (z * z) / (2 * trials)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + (z * z) / (4 * trials * trials))) / denominator;
  return [Math.max(0, 100 * (centre - half)), Math.min(100, 100 * (centre + half))];
}
