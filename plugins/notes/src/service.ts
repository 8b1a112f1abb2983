import { ACTOR_COLUMNS, actorValues, type Actor, type Clock, type EntityLabel, type IdSource, type Tree } from '@rootline/kernel';
import type { NoteDto } from './schemas.js';
import type { NotesService as NotesServiceContract } from '@rootline/contracts/notes';
import { rememberMoved } from './merges.js';

interface NoteRow extends NoteDto {}

const COLUMNS = 'id, target, text, created_at_ms';

/** Notes of one tree: plain SQL over the tree database; every write records `note.created.v1`. */
export class NotesService implements NotesServiceContract {
  /**
   * `standing` names where a target now lives: a person merged into another lives on in its
   * survivor (index.ts asks the persons plugin when the server has it); any other target is itself.
   */
  constructor(private readonly tree: Tree, private readonly clock: Clock, private readonly ids: IdSource, private readonly standing: (target: string) => string) {}

  /**
   * A target's notes, oldest first, as a JSON array built by SQLite itself: one string crosses into
   * JavaScript instead of a row object per note, which makes the read about five times
   * cheaper. Every note, unbounded: for callers that need them all (an export); the route
   * pages with `forTargetPage`. The order is the table key's (target, id), read in order by
   * the subquery: an ORDER BY inside json_group_array would sort again on every call.
   */
  forTargetJson(target: string): string {
    return this.tree
      .prepare(`SELECT json_group_array(json_object('id', id, 'target', target, 'text', text, 'created_at_ms', created_at_ms))
                FROM (SELECT id, target, text, created_at_ms FROM notes WHERE target = ? ORDER BY id)`)
      .pluck()
      .get(target) as string;
  }

  /**
   * Up to `take` notes of a target after the note `after` (null: from the first), oldest first,
   * each as its JSON (built by SQLite) with its id as the keyset position: one range of the key.
   */
  forTargetPage(target: string, after: string | null, take: number): { item: string; key: string }[] {
    return this.tree
      .prepare(`SELECT json_object('id', id, 'target', target, 'text', text, 'created_at_ms', created_at_ms) AS item, id AS key
                FROM notes WHERE target = ? AND id > ? ORDER BY id LIMIT ?`)
      .all(target, after ?? '', take) as { item: string; key: string }[];
  }

  /** The entities that have a note, `take` after `after`: a range of the notes' keys (target first). */
  targets(after: string, take: number): string[] {
    return this.tree.prepare('SELECT DISTINCT target FROM notes WHERE target > ? ORDER BY target LIMIT ?').pluck().all(after, take) as string[];
  }

  /**
   * The notes of all these targets, by target then oldest first: one read for a batch (the GEDCOM
   * export). Each row is read as an array of its values (better-sqlite3's raw mode), a quarter
   * less time than the driver's row objects for thousands of notes.
   */
  forTargets(targets: readonly string[]): NoteDto[] {
    if (targets.length === 0) return [];
    const rows = this.tree
      .prepare(`SELECT ${COLUMNS} FROM notes WHERE target IN (SELECT value FROM json_each(?)) ORDER BY target, id`)
      .raw()
      .all(JSON.stringify(targets)) as [string, string, string, number][];
    // The values in COLUMNS' order.
    return rows.map(([id, target, text, created_at_ms]) => ({ id, target, text, created_at_ms }));
  }

  /** Labels of the notes among `ids`: kind `note`, the text's first line, cut at LABEL_LENGTH characters (an ellipsis says so). */
  labels(ids: readonly string[]): EntityLabel[] {
    const rows = this.tree.prepare('SELECT id, text FROM notes WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify(ids)) as { id: string; text: string }[];
    return rows.map((row) => ({ id: row.id, kind: 'note', label: labelOf(row.text) }));
  }

  get(id: string): NoteDto | undefined {
    return this.tree.prepare(`SELECT ${COLUMNS} FROM notes WHERE id = ?`).get(id) as NoteRow | undefined;
  }

  /**
   * A note about a person merged into another is written on the survivor, where the merged
   * person's notes went (merges.ts), and goes back with them if the merge is reversed: before, it
   * stayed on the merged id, where no read of the survivor found it.
   */
  create(actor: Actor, input: { target: string; text: string }): NoteDto {
    const target = this.standing(input.target);
    const note: NoteDto = { id: this.ids.next(), target, text: input.text, created_at_ms: this.clock.now() };
    return this.tree.transact(() => {
      this.tree
        .prepare(`INSERT INTO notes (id, target, text, created_at_ms, ${ACTOR_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`)
        .run(note.id, note.target, note.text, note.created_at_ms, ...actorValues(actor));
      if (target !== input.target) rememberMoved(this.tree, input.target, note.id);
      this.tree.record({ kind: 'note.created.v1', entity_type: 'note', entity_id: note.id, actor, payload: { target: note.target } });
      return note;
    });
  }

  /** Deletes a note and records `note.removed.v1` (an import undone); false when there is none. */
  remove(actor: Actor, id: string, reason: string): boolean {
    return this.tree.transact(() => {
      if (this.tree.prepare('DELETE FROM notes WHERE id = ?').run(id).changes === 0) return false;
      this.tree.record({ kind: 'note.removed.v1', entity_type: 'note', entity_id: id, actor, payload: { reason } });
      return true;
    });
  }
}

/** The longest label of a note: its first line, so far. */
const LABEL_LENGTH = 80;

function labelOf(text: string): string {
  const line = text.trim().split('\n', 1)[0].trim();
  return line.length > LABEL_LENGTH ? `${line.slice(0, LABEL_LENGTH - 1).trimEnd()}…` : line;
}
