import type { Tree } from '@rootline/kernel';
import type { DatedParticipantRow } from '@rootline/contracts/events';

/**
 * The participants in `roles` of every event of `types` that has a sort key, streamed in one
 * pass: [event, sort_date, subject, subject_kind] (the research signals read marriages). Given
 * `subjects`, only the participations of those persons and personas.
 */
export function* datedParticipants(tree: Tree, types: readonly string[], roles: readonly string[], subjects?: readonly string[]): IterableIterator<DatedParticipantRow> {
  const narrowed = subjects === undefined ? '' : ' AND p.subject IN (SELECT value FROM json_each(?))';
  const statement = tree.prepare(`SELECT e.id, e.sort_date, p.subject, p.subject_kind FROM events e JOIN event_participants p ON p.event = e.id
    WHERE e.type IN (SELECT value FROM json_each(?)) AND e.sort_date IS NOT NULL AND p.role IN (SELECT value FROM json_each(?))${narrowed}`).raw(true);
  const params = [JSON.stringify(types), JSON.stringify(roles), ...(subjects === undefined ? [] : [JSON.stringify(subjects)])];
  yield* statement.iterate(...params) as IterableIterator<DatedParticipantRow>;
}
