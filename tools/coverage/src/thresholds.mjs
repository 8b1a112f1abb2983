import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const MEASURES = ['lines', 'branches', 'functions', 'statements'];

/** The packages of the workspace that declare `coverageThresholds` in their package.json. */
export function packagesWithThresholds(root) {
  const folders = ['kernel', ...['libs', 'plugins', 'tools'].flatMap((group) =>
    existsSync(join(root, group)) ? readdirSync(join(root, group)).map((name) => `${group}/${name}`) : [])];
  return folders
    .filter((folder) => existsSync(join(root, folder, 'package.json')))
    .map((folder) => ({ folder, pkg: JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')) }))
    .filter(({ pkg }) => pkg.coverageThresholds)
    .map(({ folder, pkg }) => ({ folder, name: pkg.name, thresholds: pkg.coverageThresholds }));
}

/**
 * Adds up istanbul's json-summary per package (files under `<folder>/src/`) and compares
 * each measure with the package's thresholds. Returns one line per shortfall.
 */
export function shortfalls(root, summary, packages) {
  const problems = [];
  for (const { folder, name, thresholds } of packages) {
    const prefix = join(root, folder, 'src') + sep;
    const files = Object.entries(summary).filter(([file]) => file.startsWith(prefix));
    if (!files.length) {
      problems.push(`${name}: no coverage was recorded for ${relative(root, prefix)}`);
      continue;
    }
    for (const measure of MEASURES) {
      if (thresholds[measure] === undefined) continue;
      const total = files.reduce((sum, [, entry]) => sum + entry[measure].total, 0);
      const covered = files.reduce((sum, [, entry]) => sum + entry[measure].covered, 0);
      const pct = total ? (100 * covered) / total : 100;
      if (pct + 1e-9 < thresholds[measure]) problems.push(`${name}: ${measure} ${pct.toFixed(2)}% is below its threshold ${thresholds[measure]}%`);
    }
  }
  return problems;
}
