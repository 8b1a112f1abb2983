/**
 * `rootline loss-report REPORT_ID [--tree ID]`: what an import could not map, or an export could
 * not write, one line a kind (how many, where in GEDCOM, why). The command import and export name
 * at their end: it works whether or not a server runs (one is started for it when none does).
 */
import type { Command } from 'commander';
import { problemOf, withSession, type Session } from './session.js';
import { withDataDir, type CommandContext } from './command.js';
import { treeRefusal } from './transfer.js';

interface LossReport {
  report_id: string;
  direction: 'import' | 'export';
  items: { path: string; reason: string; count: number; kept?: true }[];
}

/** `rootline loss-report`. */
export function registerLossReport(program: Command, context: CommandContext): void {
  withDataDir(program.command('loss-report'))
    .description('print a loss report of an import or export: count, GEDCOM path, reason')
    .argument('<report-id>', 'the report id import and export print')
    .option('--tree <id>', 'the tree it belongs to (default: whichever tree holds it)')
    .option('--manifest <file>', 'the plugin manifest of a server started for the command')
    .action((reportId: string, options: { dataDir?: string; manifest?: string; tree?: string }) =>
      withSession(context, options, { name: 'loss-report' }, (session) => printReport(session, reportId, options.tree, context)));
}

/** The trees to look in: the one named, else every tree of the data folder. */
async function treesToSearch(session: Session, tree: string | undefined): Promise<string[]> {
  if (tree) return [tree];
  const ids: string[] = [];
  for (let cursor: string | undefined; ;) {
    const page = (await (await session.request('GET', '/v1/trees', { query: { limit: '500', cursor } })).json()) as { items: { tree_id: string }[]; next_cursor?: string | null };
    ids.push(...page.items.map((item) => item.tree_id));
    cursor = page.next_cursor ?? undefined;
    if (!cursor) return ids;
  }
}

async function printReport(session: Session, reportId: string, tree: string | undefined, context: CommandContext): Promise<number> {
  for (const treeId of await treesToSearch(session, tree)) {
    const reply = await session.request('GET', `/v1/trees/${encodeURIComponent(treeId)}/gedcom/loss-reports`, { query: { report_id: reportId } });
    if (reply.ok) {
      const report = (await reply.json()) as LossReport;
      const lost = report.items.filter((item) => !item.kept);
      const kept = report.items.filter((item) => item.kept);
      context.out(`Loss report ${report.report_id} of an ${report.direction}: ${summary(lost, kept)}`);
      if (lost.length) context.out('COUNT\tGEDCOM PATH\tREASON');
      for (const item of lost) context.out(`${item.count}\t${item.path}\t${item.reason}`);
      if (kept.length) {
        context.out('Kept in another form:');
        context.out('COUNT\tGEDCOM PATH\tWHERE IT WENT');
      }
      for (const item of kept) context.out(`${item.count}\t${item.path}\t${item.reason}`);
      return 0;
    }
    const problem = await problemOf(reply);
    const refusal = treeRefusal(problem);
    if (refusal) {
      context.err(refusal);
      return 1;
    }
    if (reply.status !== 404 && reply.status !== 400) {
      context.err(`rootline: cannot read the loss report: ${problem.detail}`);
      return 1;
    }
  }
  context.err(`rootline: there is no loss report ${reportId}${tree ? ` in tree ${tree}` : ' in any tree'}; import and export print the id of theirs`);
  return 1;
}

/** "12 items not kept, of 3 kinds; 40 kept in another form, of 2 kinds", or "nothing was lost". */
function summary(lost: LossReport['items'], kept: LossReport['items']): string {
  const count = (items: LossReport['items']) => items.reduce((sum, item) => sum + item.count, 0);
  const lostText = lost.length === 0 ? 'nothing was lost' : `${count(lost)} items not kept, of ${lost.length} kinds`;
  return kept.length === 0 ? lostText : `${lostText}; ${count(kept)} kept in another form, of ${kept.length} kinds`;
}
