/**
 * Pointers: every record's xref and tag, and every pointer waiting to be checked, since a
 * pointer may name a record further on in the file. This is the only part of validation
 * that grows with the file: one map entry per record, one small entry per pointer.
 */
export class PointerRegistry {
  private readonly records = new Map<string, string>();
  private readonly pending: { target: string; expected: string; line: number; tag: string }[] = [];

  /** Notes a record's xref; returns false when the xref was already taken. */
  define(xref: string, tag: string): boolean {
    if (this.records.has(xref)) return false;
    this.records.set(xref, tag);
    return true;
  }

  /** A pointer from a `tag` structure at `line` to a record that should be an `expected` record (`*`: any record). */
  refer(target: string, expected: string, line: number, tag: string): void {
    this.pending.push({ target, expected, line, tag });
  }

  /** Each pointer's problem, once every record is known. */
  *problems(): Iterable<{ line: number; code: 'dangling-pointer' | 'wrong-pointer-type'; message: string }> {
    for (const { target, expected, line, tag } of this.pending) {
      const found = this.records.get(target);
      if (found === undefined) yield { line, code: 'dangling-pointer', message: `${tag} points to @${target}@, which no record has` };
      else if (found !== expected && expected !== '*') yield { line, code: 'wrong-pointer-type', message: `${tag} points to @${target}@, a ${found} record, where a ${expected} record belongs` };
    }
  }
}
