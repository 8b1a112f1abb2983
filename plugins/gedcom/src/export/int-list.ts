/**
 * A list of 32-bit integers that grows as it is pushed to: one typed array, where an array of
 * numbers would hold a pointer (8 bytes) or more for each. The export's family index keeps its
 * half a million families (at a million persons) in these.
 */
export class IntList {
  private data: Int32Array;
  length = 0;

  constructor(capacity = 1024) {
    this.data = new Int32Array(capacity);
  }

  /** Adds `value` at the end; its index. */
  push(value: number): number {
    if (this.length === this.data.length) {
      const larger = new Int32Array(Math.max(16, this.data.length * 2));
      larger.set(this.data);
      this.data = larger;
    }
    this.data[this.length] = value;
    return this.length++;
  }

  at(index: number): number {
    return this.data[index];
  }

  set(index: number, value: number): void {
    this.data[index] = value;
  }
}
