/**
 * @rootline/gedcom: GEDCOM 5.5.1 and 7.0 reading, validating and writing over one node shape.
 */
export type * from './types.js';
export { writeGedcom, type WriteOptions } from './write/write-gedcom.js';
export { writeGedzip } from './gedzip/write.js';
