/**
 * A signal's tally: how many offences, and the first `limit` of them by id (ids are UUIDv7, so
 * that is creation order), kept in a small sorted array while the whole tree streams past.
 */
export class Tally<T> {
  count = 0;
  private readonly kept: { key: string; item: T }[] = [];

  constructor(private readonly limit: number) {}

  add(key: string, item: T): void {
    this.count++;
    const kept = this.kept;
    if (kept.length === this.limit && (this.limit === 0 || key >= kept[kept.length - 1].key)) return;
    let at = kept.length;
    while (at > 0 && kept[at - 1].key > key) at--;
    kept.splice(at, 0, { key, item });
    if (kept.length > this.limit) kept.pop();
  }

  get first(): T[] {
    return this.kept.map((entry) => entry.item);
  }
}
