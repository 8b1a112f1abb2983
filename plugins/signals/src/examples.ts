/**
 * The offences of one signal, by key (ids are UUIDv7, so key order is creation order): added and
 * taken away as the tree changes, counted whole, and listed from the smallest key.
 */
export class Offences<T> {
  private readonly byKey = new Map<string, T>();

  get count(): number {
    return this.byKey.size;
  }

  add(key: string, item: T): void {
    this.byKey.set(key, item);
  }

  delete(key: string): void {
    this.byKey.delete(key);
  }

  /** The first `limit` by key: one pass keeping a small sorted array, not a sort of them all. */
  first(limit: number): T[] {
    const kept: string[] = [];
    for (const key of this.byKey.keys()) {
      if (kept.length === limit && (limit === 0 || key >= kept[kept.length - 1])) continue;
      let at = kept.length;
      while (at > 0 && kept[at - 1] > key) at--;
      kept.splice(at, 0, key);
      if (kept.length > limit) kept.pop();
    }
    return kept.map((key) => this.byKey.get(key) as T);
  }
}
