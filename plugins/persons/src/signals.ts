import type { Tree } from '@rootline/kernel';
import type { PersonVitalRow } from '@rootline/contracts/persons';

/**
 * Whole-tree reads for the research signals (@rootline/plugin-signals): one streamed pass over a
 * table each, plain rows, no per-person query.
 */

/** Every active person: [id, sex, birth sort key, the claim the birth rests on, death sort key]. */
export function* vitalRows(tree: Tree): IterableIterator<PersonVitalRow> {
  const statement = tree.prepare(`SELECT id, sex, birth_sort, birth_assertion, death_sort FROM persons WHERE status = 'active'`).raw(true);
  yield* statement.iterate() as IterableIterator<PersonVitalRow>;
}

/** Every persona of an active person: [person, persona]. */
export function* personaRows(tree: Tree): IterableIterator<[string, string]> {
  const statement = tree.prepare(`SELECT person, persona FROM person_personas WHERE active = 1`).raw(true);
  yield* statement.iterate() as IterableIterator<[string, string]>;
}
