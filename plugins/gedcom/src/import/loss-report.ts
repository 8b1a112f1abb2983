import type { LossItem } from '../schemas.js';

/** Line numbers kept per item: enough to find the case in the file, not a copy of it. */
const EXAMPLES = 5;

/**
 * What an import run could not map, gathered while it reads: one item per (path, reason),
 * with how often it happened and the first few line numbers. Paths are tag paths from the
 * record (`INDI.BIRT._MEDI`), so one unmapped vendor tag is one line of the report however
 * many persons carry it.
 */
export class LossCollector {
  private readonly items = new Map<string, LossItem>();

  /**
   * `path` is the tag path (`INDI.BIRT._MEDI`); `line` the structure's line in the file; `kept`
   * when it is not lost but kept in another form, which `reason` names (`LossItem.kept`).
   */
  add(path: string, reason: string, line: number | undefined, kept = false): void {
    const key = `${path}\u0000${reason}`;
    let item = this.items.get(key);
    if (!item) {
      item = { tag: path.slice(path.lastIndexOf('.') + 1), path, count: 0, reason, examples: [], ...(kept ? { kept: true as const } : {}) };
      this.items.set(key, item);
    }
    item.count++;
    if (line !== undefined && item.examples.length < EXAMPLES) item.examples.push(line);
  }

  get size(): number {
    return this.items.size;
  }

  /** The items, most frequent first, then by path. */
  list(): LossItem[] {
    return [...this.items.values()].sort((a, b) => b.count - a.count || (a.path < b.path ? -1 : a.path > b.path ? 1 : a.reason < b.reason ? -1 : 1));
  }
}
