/**
 * What `rootline import` and `rootline export` share: where they send their requests, and the
 * lines they end with (the counts, where the loss report is, a job that did not succeed, a job
 * stopped by Ctrl-C, a tree that is not there).
 */
import type { JobView } from './progress.js';
import type { Session } from './session.js';

export interface TransferOptions {
  session: Session;
  tree?: string;
  /** ` --data-dir DIR` when the user named one, for the commands a line suggests; else empty. */
  dataDirArg: string;
  out: (line: string) => void;
  err: (line: string) => void;
  progress: ((text: string) => void) | null;
}

export const mountOf = (tree: string | undefined) => (tree ? `/v1/trees/${encodeURIComponent(tree)}` : '/v1');

/** "persons 4, families 1, sources 2" in a stable order: the counts a genealogist looks for first. */
export function countsLine(counts: Record<string, number> | undefined): string {
  const first = ['persons', 'individuals', 'families', 'sources', 'claims', 'facts', 'events', 'notes', 'media', 'withheld'];
  const entries = Object.entries(counts ?? {}).sort(([a], [b]) => (first.indexOf(a) + 1 || 99) - (first.indexOf(b) + 1 || 99) || (a < b ? -1 : 1));
  return entries.map(([name, count]) => `${name} ${count}`).join(', ');
}

/**
 * Where the loss report is, in a form the user can follow: the full address while the server
 * keeps running, and always the command that prints it (a server started for the command is
 * gone once it ends; `rootline loss-report` starts one again if none runs).
 */
export function lossReportLine(job: JobView & { tree_id?: string }, tree: string | undefined, session: Pick<Session, 'url' | 'inProcess'>, dataDirArg = ''): string | undefined {
  const report = job.result?.report_id;
  if (typeof report !== 'string') return undefined;
  const command = `rootline loss-report ${report}${dataDirArg}`;
  if (session.inProcess) return `Loss report: ${command}`;
  return `Loss report: ${session.url}/v1/trees/${tree ?? job.tree_id}/gedcom/loss-reports?report_id=${report} (or ${command})`;
}

/** The one line a failed or cancelled job ends with. */
export function jobFailure(what: string, job: JobView): string {
  if (job.state === 'cancelled') return `rootline: the ${what} was cancelled; nothing was kept`;
  const line = job.error?.line !== undefined ? ` (line ${job.error.line})` : '';
  return `rootline: the ${what} failed: ${job.error?.message ?? 'no reason given'}${line} [${job.error?.code ?? 'unknown'}]`;
}

/**
 * The one line of an import or export whose job Ctrl-C asked to cancel, as it ended: cancelled
 * (nothing of it kept), or still being cancelled when the wait ran out. A server started for the
 * command stops with it, after the job's clean-up (its job was followed to the end).
 */
export function interruptedLine(what: 'import' | 'export', job: JobView, session: Pick<Session, 'url' | 'inProcess'>): string {
  const stopped = session.inProcess ? '; the server started for this command has stopped' : '';
  const nothing = what === 'import' ? 'nothing of it is kept' : 'no file was written';
  if (job.state === 'cancelled') return `rootline: interrupted: the ${what} was cancelled and ${nothing}${stopped}`;
  if (job.state === 'succeeded') return what === 'import' ? `rootline: interrupted after the import had finished: it is kept${stopped}` : `rootline: interrupted after the export was made: ${nothing}${stopped}`;
  if (job.state === 'failed') return `${jobFailure(what, job)}${stopped}`;
  return `rootline: interrupted: the server at ${session.url} is still cancelling the ${what} (job ${job.job_id}); ${what === 'import' ? 'nothing of it will be kept' : nothing}`;
}

/** A request refused because the tree named by --tree is not there: the command that lists them. */
export function treeRefusal(problem: { code?: string; detail: string }): string | undefined {
  if (problem.code !== 'tree-not-found') return undefined;
  return `rootline: ${problem.detail.replace(/^There/, 'there')}; rootline trees lists the trees and their ids`;
}
