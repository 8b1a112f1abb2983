/**
 * `rootline trees`: the trees of the data folder, one a line (id, whether it is the active one,
 * how many persons, name), so a --tree id can be found. Through the running server, or one
 * started for the command.
 */
import type { Command } from 'commander';
import { withSession, type Session } from './session.js';
import { withDataDir, type CommandContext } from './command.js';

interface TreeRow {
  tree_id: string;
  name: string;
  active: boolean;
}

/** `rootline trees`. */
export function registerTrees(program: Command, context: CommandContext): void {
  withDataDir(program.command('trees'))
    .description('list the trees: id, active, persons, name (the ids --tree takes)')
    .option('--manifest <file>', 'the plugin manifest of a server started for the command')
    .action((options: { dataDir?: string; manifest?: string }) =>
      withSession(context, options, { name: 'trees' }, (session) => listTrees(session, context.out)));
}

/** A tree's person count (its total of one page), or `-` when the build has no persons plugin. */
async function personsIn(session: Session, treeId: string): Promise<string> {
  const reply = await session.request('GET', `/v1/trees/${encodeURIComponent(treeId)}/persons`, { query: { limit: '1' } });
  if (!reply.ok) {
    await reply.body?.cancel();
    return '-';
  }
  return String(((await reply.json()) as { total?: number }).total ?? '-');
}

async function listTrees(session: Session, out: (line: string) => void): Promise<number> {
  const rows: TreeRow[] = [];
  for (let cursor: string | undefined; ;) {
    const reply = await session.request('GET', '/v1/trees', { query: { limit: '500', cursor } });
    const page = (await reply.json()) as { items: TreeRow[]; next_cursor?: string | null };
    rows.push(...page.items);
    cursor = page.next_cursor ?? undefined;
    if (!cursor) break;
  }
  out('TREE ID\tACTIVE\tPERSONS\tNAME');
  for (const tree of rows) out(`${tree.tree_id}\t${tree.active ? 'active' : ''}\t${await personsIn(session, tree.tree_id)}\t${tree.name}`);
  return 0;
}
