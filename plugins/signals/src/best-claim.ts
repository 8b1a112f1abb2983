/** The best standing claim of one kind group for a person: confirmed first, then the most direct kind, then the oldest. */
export interface Best {
  id: string;
  confirmed: boolean;
  /** 0 for a baptism (or a birth), 1 for a christening: the persons' summary ranks them so. */
  rank: number;
  created: number;
  date: string;
}

/**
 * Whether `row` is a better claim than `best` (none yet: it is): a confirmed claim before one
 * that is not, then the lower rank, then the older capture, then the smaller id. The same order
 * as the persons' birth summary, so a signal speaks of the claim the summary shows.
 */
export function outranks(row: Best, best: Best | undefined): boolean {
  if (best === undefined) return true;
  if (row.confirmed !== best.confirmed) return row.confirmed;
  if (row.rank !== best.rank) return row.rank < best.rank;
  if (row.created !== best.created) return row.created < best.created;
  return row.id < best.id;
}
