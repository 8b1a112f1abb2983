import type { TreeRecord } from '../records.js';
import type { Tree } from '../storage/tree.js';
import type { ServiceCradle } from '../plugin-api/services.js';

/** Called with each record whose kind starts with the prefix it was registered for. */
export type RecordObserver = (tree: Tree, record: TreeRecord, services: () => ServiceCradle) => void;

/** What the log calls: the kernel adds the `services` of the tree to each observer. */
type LogObserver = (tree: Tree, record: TreeRecord) => void;

/**
 * Plugins that keep something derived from another plugin's data (a name index over
 * personas, a birth date sorted from claims, conflicts found among claims) register here
 * instead of being called by the other plugin. Observers run synchronously INSIDE the
 * transaction that appended the record: what they write commits with the change, and an
 * observer that throws rolls the whole change back. Keep them to a few statements.
 */
export class RecordObservers {
  private readonly observers: { prefix: string; observer: LogObserver }[] = [];

  add(kindPrefix: string, observer: LogObserver): void {
    this.observers.push({ prefix: kindPrefix, observer });
  }

  notify(tree: Tree, record: TreeRecord): void {
    for (const { prefix, observer } of this.observers) {
      if (record.kind.startsWith(prefix)) observer(tree, record);
    }
  }
}
