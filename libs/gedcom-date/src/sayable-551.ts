/**
 * What GEDCOM 5.5.1's DATE_VALUE cannot say, said the nearest way it can, before the 5.5.1
 * writer formats a date:
 *
 * - Two years that are not a dual year (`1056/1060`, `ABT 1103/1105`: royal92 writes "one of
 *   these years" so; 5.5.1's slash only means `year/(year+1)`, and `1056/60` would read as a
 *   malformed dual year) become the range between them, `BET 1056 AND 1060` (an ABT, CAL or EST
 *   cannot qualify a range in 5.5.1, and the range already says the year is not certain); in
 *   a range or period the bound takes the year that keeps both readings inside it
 *   (`BEF 1056/1060` -> `BEF 1060`, `AFT 1056/1060` -> `AFT 1056`).
 * - `B.C.` follows a year alone in 5.5.1: a B.C. date with its month (`5 MAY 5 B.C.`) is the
 *   year interpreted from the whole date, `INT 5 B.C. (5 MAY 5 B.C.)`; inside a range, the year.
 */
import { readsDualYear } from './dual-year.js';
import type { DatePart, GedcomDate } from './types.js';

/** The two readings of a part whose years are not a dual year, earlier first; undefined for any other part. */
function alternatives(part: DatePart): [DatePart, DatePart] | undefined {
  if (part.dualYear === undefined || readsDualYear(part)) return undefined;
  // Earlier first: for a B.C. date the larger number.
  const [low, high] = [part.year, part.dualYear].sort((a, b) => (part.bce ? b - a : a - b));
  return [{ ...part, year: low, dualYear: undefined }, { ...part, year: high, dualYear: undefined }];
}

/** A B.C. part without its day and month (5.5.1 writes B.C. after a year alone). */
function yearAlone(part: DatePart): DatePart {
  if (!part.bce || part.month === undefined) return part;
  const { day: _day, month: _month, ...year } = part;
  return year;
}

/** A bound of a range or period: the earlier reading for a start, the later for an end, then the year alone if B.C. */
function bound(part: DatePart | undefined, end: boolean): DatePart | undefined {
  if (part === undefined) return undefined;
  const both = alternatives(part);
  return yearAlone(both ? both[end ? 1 : 0] : part);
}

/** The date as 5.5.1 can say it; `written` formats a part as the 5.5.1 writer does (for the phrase of a B.C. date). */
export function sayableIn551(date: GedcomDate, written: (part: DatePart) => string): GedcomDate {
  switch (date.kind) {
    case 'date':
    case 'approx':
    case 'interpreted': {
      const both = alternatives(date.date);
      if (both) return { kind: 'range', qualifier: 'BET', from: yearAlone(both[0]), to: yearAlone(both[1]), calendar: date.calendar, text: date.text, warnings: date.warnings };
      if (yearAlone(date.date) === date.date) return date;
      if (date.kind === 'date' && !date.phrase) return { ...date, kind: 'interpreted', date: yearAlone(date.date), phrase: written(date.date) };
      return { ...date, date: yearAlone(date.date) };
    }
    case 'range':
    case 'period':
      return { ...date, from: bound(date.from, false), to: bound(date.to, true) };
    default:
      return date;
  }
}
