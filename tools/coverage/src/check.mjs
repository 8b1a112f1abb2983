#!/usr/bin/env node
// After `tap`: fails when a package's coverage (measured by its own suite, see map.mjs)
// falls below the thresholds in its package.json `coverageThresholds`.
import { readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packagesWithThresholds, shortfalls } from './thresholds.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const file = join(root, '.tap', 'report', 'coverage-summary.json');
if (!existsSync(file)) {
  process.stderr.write('coverage: no .tap/report/coverage-summary.json (run tap with the json-summary report first)\n');
  process.exit(1);
}
const problems = shortfalls(root, JSON.parse(readFileSync(file, 'utf8')), packagesWithThresholds(root));
for (const problem of problems) process.stderr.write(`coverage: ${problem}\n`);
process.stdout.write(problems.length ? '' : 'coverage: every package meets its thresholds\n');
process.exit(problems.length ? 1 : 0);
