/**
 * Which record kinds a filter of kind prefixes keeps (`GET {P}/audit?include=`, the project's
 * walks of the log): a prefix keeps the kind equal to it and every kind that starts with it and
 * a dot, so `note` keeps `note.created.v1` but not `notebook.x.v1`, and `note.created` keeps
 * `note.created.v1` but not `note.created_at.v1`.
 *
 * The log once matched in SQL, `kind = ? OR kind LIKE '<prefix>.%'`; SQLite's LIKE ignores the
 * case of ASCII letters, so that index on kind was never used. Kinds are lower case (RecordLog
 * refuses any other), so LIKE's folding comes to lowering the prefix for the "starts with" half:
 * that is done here too, and the answers are the same.
 */
export function kindKept(prefixes: readonly string[], kind: string): boolean {
  return prefixes.some((prefix) => kind === prefix || kind.startsWith(`${prefix.replace(/[A-Z]+/g, (letters) => letters.toLowerCase())}.`));
}
