/**
 * @rootline/gedcom: GEDCOM 5.5.1 and 7.0 reading, validating and writing over one node shape.
 */
export type * from './types.js';
export { writeGedcom, type WriteOptions } from './write/write-gedcom.js';
export { writeGedzip, streamGedzip, type GedzipFile } from './gedzip/write.js';
export { validateRecords, type ValidateOptions } from './validate/validate-records.js';
export { validateGedcom, type ValidateGedcomOptions } from './validate/validate-gedcom.js';
export type { ValidationReport, ValidationMessage, RecordCounts } from './validate/report.js';
export { readGedcom, parseGedcom, type ReadOptions, type GedcomReader } from './read/reader.js';
export { READ_ISSUES, type ReadIssueCode } from './read/issues.js';
export { detectEncoding, type EncodingDecision } from './encoding/detect.js';
export { createDecoder, type TextDecoding } from './encoding/decoder.js';
export { readGedzip, isZip, GedzipError } from './gedzip/read.js';
export { fileUrlOf, filePathOf } from './file-path/file-url.js';
export { recordType, substructureRule, requiredTags, enumerationValues } from './rules/lookup.js';
export { isGedcomTag, isOnly70 } from './validate/gedcom551.js';
export { structureTypeAt } from './rules/structure-path.js';
export { fitsPayload } from './validate/fits-payload.js';
