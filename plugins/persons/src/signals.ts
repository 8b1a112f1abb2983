import type { Tree } from '@rootline/kernel';
import type { PersonVitalRow } from '@rootline/contracts/persons';

/**
 * Reads for the research signals (@rootline/plugin-signals): one streamed pass over a table
 * each, plain rows, no per-person query. Given `persons`, only the rows of those persons (the
 * signals bring their picture up to date after a change through the same reads).
 */

/** Active persons: [id, sex, birth sort key, the claim the birth rests on, death sort key]. */
export function* vitalRows(tree: Tree, persons?: readonly string[]): IterableIterator<PersonVitalRow> {
  const sql = `SELECT id, sex, birth_sort, birth_assertion, death_sort FROM persons WHERE status = 'active'`;
  yield* narrowed(tree, sql, 'id', persons) as IterableIterator<PersonVitalRow>;
}

/** The personas of active persons: [person, persona]. */
export function* personaRows(tree: Tree, persons?: readonly string[]): IterableIterator<[string, string]> {
  yield* narrowed(tree, `SELECT person, persona FROM person_personas WHERE active = 1`, 'person', persons) as IterableIterator<[string, string]>;
}

function narrowed(tree: Tree, sql: string, column: string, ids: readonly string[] | undefined): IterableIterator<unknown> {
  if (ids === undefined) return tree.prepare(sql).raw(true).iterate();
  return tree.prepare(`${sql} AND ${column} IN (SELECT value FROM json_each(?))`).raw(true).iterate(JSON.stringify(ids));
}
