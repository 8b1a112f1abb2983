import { ProblemError, yieldToLoop, type Actor, type Tree } from '@rootline/kernel';
import type { ImportRuns, ItemKind } from '../runs.js';
import type { MappingServices } from './context.js';
import { BATCH_MS, BatchSize, MIN_LINES } from './batch-size.js';

/** Items taken away per transaction at the tree's open, before any request can reach it. */
const UNDO_BATCH = 2000;

/**
 * The order things are taken away: edges and events before the persons they join (an edge
 * to a retracted person is hidden, and could no longer be unlinked), persons before their
 * claims (a retracted person is not re-derived for each claim removed), personas after both,
 * citations and sources last (claims cite them).
 */
const ORDER: ItemKind[] = ['relationship', 'association', 'event', 'note', 'media', 'person', 'assertion', 'persona', 'citation', 'source'];

/** How a removal goes: what it awaits between batches, and how each batch's transaction is written. */
export interface RemovalPace {
  /** Between two batches (default: a turn of the event loop). */
  pause?: () => Promise<void>;
  /** Writes one batch (default: at once; a job's clean-up waits for room on a full disk: `tree.writeWhenRoom`). */
  write?: (batch: () => number) => Promise<number>;
}

/**
 * Takes away everything a run created, through each owner's service (each removal writes its
 * own record, tagged with the run's import_key, so the audit shows the undo). Used by undo,
 * by the clean-up of a cancelled or failed run, and by the repair of a run a crash
 * interrupted. Each batch removes its items from the run's list in the same transaction,
 * so an undo stopped half-way (a crash) is finished by the next one and nothing is removed twice.
 */
export async function removeRunItems(tree: Tree, runs: ImportRuns, services: MappingServices, actor: Actor, importKey: string, reason: string, pace: RemovalPace = {}): Promise<number> {
  const pause = pace.pause ?? yieldToLoop;
  const write = pace.write ?? (async (batch: () => number) => batch());
  // Each kind's batches are sized to its own cost (an import's batch budget, ~20 ms): retracting a
  // person costs many times removing a note. A fixed 2,000 items held the event loop over a
  // second a transaction, and every request waited (the undo of 102,000 persons: p99 1.2 s).
  const sizes = new Map<ItemKind, BatchSize>();
  const sized = (kind: ItemKind) => sizes.get(kind) ?? sizes.set(kind, new BatchSize(undefined, BATCH_MS, MIN_LINES)).get(kind)!;
  const next = () => write(() => removeBatch(tree, runs, services, actor, importKey, reason, sized));
  // The persons' name indexes merge once the retractions are over, a bounded step a pause,
  // not inside whichever retraction crosses their threshold (up to half a second each).
  return services.personsService.retractingMany(async () => {
    let removed = 0;
    for (let batch = await next(); batch > 0; batch = await next()) {
      removed += batch;
      await pause();
    }
    return removed;
  }, pause);
}

/** The same, without yielding: the repair at boot, before any request can reach the tree. */
export function removeRunItemsNow(tree: Tree, runs: ImportRuns, services: MappingServices, actor: Actor, importKey: string, reason: string): number {
  let removed = 0;
  for (let batch = removeBatch(tree, runs, services, actor, importKey, reason); batch > 0; batch = removeBatch(tree, runs, services, actor, importKey, reason)) removed += batch;
  return removed;
}

/**
 * One transaction: items of the first kind (in ORDER) the run still has, as many as `sized` gives
 * for the kind (timed, so the next is sized to fit the budget), or UNDO_BATCH; 0 when none is left.
 * Each is a bulk transaction (`tree.bulkTransact`): no fsync of its own, and background work (an
 * index catching up) waits until the removal is over. A crash can take back the last batches,
 * never half of one: each drops its items from the run's list in the same transaction, and a
 * run left undone (or stopped) with items listed is finished at the tree's next open, whose
 * own removal ends with an ordinary commit (the run settled).
 */
function removeBatch(tree: Tree, runs: ImportRuns, services: MappingServices, actor: Actor, importKey: string, reason: string, sized?: (kind: ItemKind) => BatchSize): number {
  for (const kind of ORDER) {
    const size = sized?.(kind);
    const items = runs.itemsOf(importKey, kind, size ? size.lines : UNDO_BATCH);
    if (items.length === 0) continue;
    const remove = () =>
      tree.withImportKey(importKey, () =>
        tree.bulkTransact(() => {
          for (const item of items) removeOne(services, actor, kind, item.id, reason);
          runs.dropItems(importKey, kind, items.map((item) => item.position));
        }),
      );
    if (size) size.time(items.length, remove);
    else remove();
    return items.length;
  }
  return 0;
}

function removeOne(services: MappingServices, actor: Actor, kind: ItemKind, id: string, reason: string): void {
  switch (kind) {
    case 'relationship':
      return goneAlready(() => services.familyService.unlink(actor, id));
    case 'person':
      return goneAlready(() => services.personsService.retract(actor, id, reason));
    case 'association':
      return void services.associationsService.remove(actor, id, reason);
    case 'event':
      return void services.eventsService.remove(actor, id, reason);
    case 'note':
      return void services.notesService.remove(actor, id, reason);
    case 'media':
      return void services.mediaService.remove([id]);
    case 'assertion':
      return void services.assertionsService.remove(actor, id, reason);
    case 'persona':
      return void services.personasService.remove(actor, id, reason);
    case 'citation':
      return void services.citationsService.remove(actor, id, reason);
    case 'source':
      return void services.sourcesService.remove(actor, id, reason);
  }
}

/** An edge or person someone already unlinked or retracted is gone from every view already. */
function goneAlready(remove: () => unknown): void {
  try {
    remove();
  } catch (error) {
    if (!(error instanceof ProblemError && error.status === 404)) throw error;
  }
}
