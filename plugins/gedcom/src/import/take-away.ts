import { yieldToLoop, type Actor, type Tree } from '@rootline/kernel';
import type { ImportRuns } from '../runs.js';
import type { MappingServices } from './context.js';
import { carriedCount, reachOfUndo, reachOfUndoNow, removeCarried, type UndoReach } from './entangled.js';
import { removeRunItems, removeRunItemsNow, type RemovalPace } from './undo.js';
import { untie } from './untie.js';

/**
 * A run that will not stand (failed or cancelled: `ImportRuns.stop`) has what it wrote taken away
 * (undo's code), then is finished, with its `import.failed.v1` / `import.cancelled.v1` record:
 * by its job's clean-up (each write waiting for room on a full disk), by
 * `POST {P}/imports/{import_key}/undo` when nothing else will, or at the tree's next open.
 * What was made meanwhile about what it created (a claim an assistant captured on one of its
 * personas, a note on one of its persons, a media object attached to one of its citations or
 * depicting one of its personas:
 * `reachOfUndo`'s carried work) goes first, each removal recorded, so nothing is left about what
 * is gone. A run cannot refuse to stop as an undo refuses, so work that ties its entities to the
 * tree's (a merge with a person of the tree, a claim citing its source) is undone first where it
 * touches the tree's own data (`untie.ts`): the tree keeps all of its own.
 */
export async function takeAwayStoppedRun(tree: Tree, runs: ImportRuns, services: MappingServices, actor: Actor, importKey: string, pace: RemovalPace = {}): Promise<void> {
  const write = pace.write ?? (async (change: () => number) => change());
  const { carried, ties } = await reachOfUndo(tree, services, importKey, pace.pause ?? yieldToLoop);
  await write(() => takeCarried(tree, services, actor, importKey, carried, runs));
  await write(() => {
    tree.transact(() => untie(tree, runs, services, actor, importKey, ties, reasonOf(runs, importKey)));
    return ties.length;
  });
  await removeRunItems(tree, runs, services, actor, importKey, reasonOf(runs, importKey), pace);
  await write(() => settle(tree, runs, actor, importKey));
}

/** The same, without yielding: the repair at the tree's open, before any request can reach it. */
export function takeAwayStoppedRunNow(tree: Tree, runs: ImportRuns, services: MappingServices, actor: Actor, importKey: string): void {
  const { carried, ties } = reachOfUndoNow(tree, services, importKey);
  takeCarried(tree, services, actor, importKey, carried, runs);
  tree.transact(() => untie(tree, runs, services, actor, importKey, ties, reasonOf(runs, importKey)));
  removeRunItemsNow(tree, runs, services, actor, importKey, reasonOf(runs, importKey));
  settle(tree, runs, actor, importKey);
}

/** The carried work, removed in one transaction tagged with the run's key; how many removals. */
function takeCarried(tree: Tree, services: MappingServices, actor: Actor, importKey: string, carried: UndoReach['carried'], runs: ImportRuns): number {
  const count = carriedCount(carried);
  if (count === 0) return 0;
  const reason = `${reasonOf(runs, importKey)}: what it is about was created by the import`;
  tree.withImportKey(importKey, () => tree.transact(() => removeCarried(services, actor, carried, reason)));
  return count;
}

/** The reason each removal records: `import cancelled`, `import failed (disk-full)`. */
function reasonOf(runs: ImportRuns, importKey: string): string {
  const run = runs.get(importKey);
  return `import ${run?.state ?? 'failed'}${run?.error ? ` (${run.error.code})` : ''}`;
}

/** Marks the run finished and records how it ended, once (a second settle writes nothing). */
function settle(tree: Tree, runs: ImportRuns, actor: Actor, importKey: string): number {
  return tree.withImportKey(importKey, () =>
    tree.transact(() => {
      if (!runs.settle(importKey)) return 0;
      const run = runs.get(importKey)!;
      tree.record({ kind: `import.${run.state}.v1`, entity_type: 'import', entity_id: importKey, actor, payload: { code: run.error?.code ?? null } });
      return 1;
    }),
  );
}
