// Mutation scores per folder from Stryker's JSON report (mutation-testing-report-schema).
import { dirname, isAbsolute, relative } from 'node:path';

const UNDETECTED = new Set(['Survived', 'NoCoverage']);

/**
 * One row per folder of mutated files: killed, timeout, survived, no coverage, errors
 * (compile and runtime errors, ignored mutants) and the score, (killed + timeout) over
 * every valid mutant, as Stryker computes it. `null` when a folder has no valid mutant.
 */
export function scoresByFolder(report, root) {
  const rows = new Map();
  for (const [file, { mutants }] of Object.entries(report.files)) {
    const folder = dirname(isAbsolute(file) ? relative(root, file) : file);
    const row = rows.get(folder) ?? { folder, killed: 0, timeout: 0, survived: 0, noCoverage: 0, other: 0 };
    for (const { status } of mutants) {
      if (status === 'Killed') row.killed++;
      else if (status === 'Timeout') row.timeout++;
      else if (status === 'Survived') row.survived++;
      else if (status === 'NoCoverage') row.noCoverage++;
      else row.other++;
    }
    rows.set(folder, row);
  }
  return [...rows.values()].sort((a, b) => (a.folder < b.folder ? -1 : 1)).map((row) => {
    const valid = row.killed + row.timeout + row.survived + row.noCoverage;
    return { ...row, score: valid ? (100 * (row.killed + row.timeout)) / valid : null };
  });
}

/** The mutants nobody's test noticed, to read and either kill or accept: `file:line mutator replacement`. */
export function undetected(report, root) {
  const found = [];
  for (const [file, { mutants }] of Object.entries(report.files)) {
    for (const mutant of mutants) {
      if (!UNDETECTED.has(mutant.status)) continue;
      const name = isAbsolute(file) ? relative(root, file) : file;
      found.push(`${mutant.status === 'NoCoverage' ? 'no coverage' : 'survived'}  ${name}:${mutant.location.start.line}  ${mutant.mutatorName}: ${JSON.stringify(mutant.replacement ?? '')}`);
    }
  }
  return found;
}

export function formatScores(rows) {
  const header = ['folder', 'killed', 'timeout', 'survived', 'no cov', 'errors', 'score'];
  const lines = rows.map((row) => [row.folder, row.killed, row.timeout, row.survived, row.noCoverage, row.other, row.score === null ? 'n/a' : `${row.score.toFixed(2)} %`].map(String));
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => line[column].length)));
  return [header, ...lines].map((line) => line.map((cell, column) => (column ? cell.padStart(widths[column]) : cell.padEnd(widths[column]))).join('  ')).join('\n');
}
