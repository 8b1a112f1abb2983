import { defineProblem, entityNotFound, Problems } from '@rootline/kernel';

const duplicate = defineProblem('duplicate-import', 409, 'These bytes were already imported');

/** Problems the GEDCOM plugin throws. */
export const GedcomProblems = {
  /** CONTRACT §4: the body carries the earlier run's `import_key`. */
  duplicateImport: (importKey: string) =>
    duplicate(`An earlier import of the same file stands (import_key ${importKey}); undo it first, or pass allow_duplicate=true`, { extras: { import_key: importKey } }),
  emptyFile: defineProblem('empty-file', 400, 'The file is empty'),
  notGedcom: defineProblem('not-gedcom', 400, 'The file is not GEDCOM'),
  noHead: defineProblem('no-head', 400, 'The file has no GEDCOM header'),
  truncatedFile: defineProblem('truncated-file', 400, 'The file ends before its trailer'),
  tooLarge: (maxBytes: number) =>
    Problems.payloadTooLarge(`GEDCOM imports are limited to ${maxBytes} bytes (the option max_bytes, ROOTLINE_IMPORT_MAX_BYTES); nothing was stored`, { extras: { max_bytes: maxBytes } }),
  importNotFound: (importKey: string) => entityNotFound('import', importKey),
  alreadyUndone: defineProblem('import-already-undone', 409, 'The import was already undone'),
  notUndoable: defineProblem('import-not-undoable', 409, 'Only a finished import can be undone'),
  inUse: defineProblem('import-in-use', 409, 'Work made since the import depends on what it created'),
  reportNotFound: (id: string) => entityNotFound('loss report', id),
};
