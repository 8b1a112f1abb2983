import type { Tree } from '@rootline/kernel';

type Row = Record<string, string | number | null>;

/**
 * Moves the merged person's event participations and associations to the survivor (inside the
 * merge's transaction). A participation the survivor already has (same event and role), and an
 * association between the two persons, is folded: deleted, and kept whole for `restoreSubjects`.
 */
export function moveSubjects(tree: Tree, merged: string, survivor: string): void {
  const memo = tree.prepare('INSERT OR REPLACE INTO subject_merges (merged, entity, key, action, row) VALUES (?, ?, ?, ?, ?)');
  const participations = tree.prepare("SELECT rowid, * FROM event_participants WHERE subject = ? AND subject_kind = 'person' ORDER BY rowid").all(merged) as Row[];
  for (const row of participations) {
    const taken = tree.prepare("SELECT 1 FROM event_participants WHERE event = ? AND subject = ? AND role = ?").get(row.event, survivor, row.role) !== undefined;
    if (taken) tree.prepare('DELETE FROM event_participants WHERE rowid = ?').run(row.rowid);
    else tree.prepare('UPDATE event_participants SET subject = ? WHERE rowid = ?').run(survivor, row.rowid);
    memo.run(merged, 'participant', String(row.rowid), taken ? 'folded' : 'moved', JSON.stringify(row));
  }
  const associations = tree
    .prepare("SELECT * FROM associations WHERE (from_subject = ? AND from_kind = 'person') OR (to_subject = ? AND to_kind = 'person') ORDER BY id")
    .all(merged, merged) as Row[];
  for (const row of associations) {
    const ends = [row.from_kind === 'person' ? row.from_subject : null, row.to_kind === 'person' ? row.to_subject : null];
    const between = ends.includes(merged) && ends.includes(survivor);
    if (between) tree.prepare('DELETE FROM associations WHERE id = ?').run(row.id);
    else {
      tree
        .prepare("UPDATE associations SET from_subject = CASE WHEN from_subject = @merged AND from_kind = 'person' THEN @survivor ELSE from_subject END, to_subject = CASE WHEN to_subject = @merged AND to_kind = 'person' THEN @survivor ELSE to_subject END WHERE id = @id")
        .run({ merged, survivor, id: row.id });
    }
    memo.run(merged, 'association', row.id, between ? 'folded' : 'moved', JSON.stringify(row));
  }
}

/**
 * Reverses `moveSubjects`: moved rows name the merged person again (a row changed or deleted
 * since is left as it is now), folded rows come back as they were.
 */
export function restoreSubjects(tree: Tree, merged: string, survivor: string): void {
  const moves = tree.prepare('SELECT entity, action, row FROM subject_merges WHERE merged = ? ORDER BY entity, key').all(merged) as { entity: string; action: string; row: string }[];
  for (const move of moves) {
    const row = JSON.parse(move.row) as Row;
    const table = move.entity === 'participant' ? 'event_participants' : 'associations';
    if (move.action === 'folded') {
      const columns = Object.keys(row);
      tree.prepare(`INSERT OR IGNORE INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((column) => `@${column}`).join(', ')})`).run(row);
    } else if (move.entity === 'participant') {
      tree.prepare('UPDATE OR IGNORE event_participants SET subject = ? WHERE rowid = ? AND subject = ?').run(merged, row.rowid, survivor);
    } else {
      tree
        .prepare('UPDATE associations SET from_subject = @from_subject, to_subject = @to_subject WHERE id = @id AND from_kind = @from_kind AND to_kind = @to_kind')
        .run({ id: row.id, from_subject: row.from_subject, to_subject: row.to_subject, from_kind: row.from_kind, to_kind: row.to_kind });
    }
  }
  tree.prepare('DELETE FROM subject_merges WHERE merged = ?').run(merged);
}
