/**
 * @rootline/gedcom-date: GEDCOM 5.5.1 / 7.0 dates for everything Rootline does with
 * them. See README.md for the rules behind each function.
 */
export type * from './types.js';
export { parseGedcomDate, type ParseOptions } from './parse.js';
export { formatGedcomDate, toGedcom7, type FormatOptions } from './format.js';
export { isPlainDate } from './plain.js';
export { sortDate, compareDates } from './sort.js';
export { compatible, DEFAULT_SLACK_YEARS, type CompatibleOptions, type Compatibility } from './compatible.js';
export { yearsOf, yearLabel, lifeYears, type YearSpan } from './years.js';
export { validateGedcomDate, isValidGedcomDate, type DateError, type DateErrorCode, type DateValidation } from './validate.js';
export { toJdn, fromJdn, daysInMonth, monthsOf, isKnownCalendar, type WrittenDate } from './calendars/index.js';
