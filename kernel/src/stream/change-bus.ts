import { EventEmitter } from 'node:events';
import type { TreeRecord } from '../records.js';

/** In-process fan-out of committed records, per tree. Best effort: no replay. */
export class ChangeBus {
  private readonly emitter = new EventEmitter();
  constructor() {
    this.emitter.setMaxListeners(0);
  }
  publish(treeId: string, record: TreeRecord): void {
    this.emitter.emit(treeId, record);
  }
  subscribe(treeId: string, listener: (record: TreeRecord) => void): () => void {
    this.emitter.on(treeId, listener);
    return () => this.emitter.off(treeId, listener);
  }
  listenerCount(treeId: string): number {
    return this.emitter.listenerCount(treeId);
  }
}
