/**
 * A plain date: an optional ABT, CAL, EST, BEF or AFT, then a year of the Gregorian calendar
 * with its month or its day and month, in capitals, single spaces, no leading zero. Most dates
 * of a real file are plain, and a plain date is written back exactly as it stands, in 7.0
 * (`toGedcom7`, no phrase) and in 5.5.1 (`formatGedcomDate`): a writer can take it as it is,
 * without parsing it (the GEDCOM export writes tens of thousands). Anything else (a range, a
 * period, another calendar, a dual year, a phrase, lower case) is not plain, and goes the
 * long way.
 */
const PLAIN = /^(?:(?:ABT|CAL|EST|BEF|AFT) )?(?:(?:(?:[1-9]|[12]\d|3[01]) )?(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|OCT|NOV|DEC) )?[1-9]\d{0,3}$/;

export function isPlainDate(text: string): boolean {
  return PLAIN.test(text);
}
