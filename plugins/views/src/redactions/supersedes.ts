import { ACTOR_COLUMNS, actorValues, type PluginKernel } from '@rootline/kernel';
import type { RedactionCache } from './cache.js';

/**
 * Redactions follow a claim to the claim that replaces it: a supersede copies every field the
 * replacement does not give from the old claim (and an agent's correction of a confirmed claim
 * waits as a new claim that `replaces` it), so what was hidden of the old claim is hidden of the
 * new one too, each redaction copied with its reason, by the system (the record names the claim it came from). A field the
 * replacement gives anew is hidden as well: the redaction said that field of this claim is not
 * for agents, and a new value of it is still that field. (`assertion.captured.v1` with `replaces`.)
 */
export function redactionsFollowSupersedes(kernel: PluginKernel, cache: RedactionCache): void {
  kernel.onRecord('assertion.captured.', (tree, record, services) => {
    const replaces = (record.payload as { replaces?: unknown }).replaces;
    if (typeof replaces !== 'string') return;
    const carried = tree.prepare('SELECT field, reason FROM redactions WHERE target = ?').all(replaces) as { field: string | null; reason: string }[];
    if (carried.length === 0) return;
    const { ids, clock, actor } = services();
    const insert = tree.prepare(
      `INSERT INTO redactions (id, target, field, reason, created_at_ms, ${ACTOR_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT DO NOTHING`,
    );
    for (const { field, reason } of carried) {
      const id = ids.next();
      if (insert.run(id, record.entity_id, field, reason, clock.now(), ...actorValues(actor)).changes === 0) continue;
      tree.record({
        kind: 'redaction.created.v1',
        entity_type: 'redaction',
        entity_id: id,
        actor,
        payload: { target: record.entity_id, target_kind: 'assertion', field, carried_from: replaces },
      });
    }
    cache.forget(tree);
  });
}
