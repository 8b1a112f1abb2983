import { parseGedcomDate, sortDate } from '@rootline/gedcom-date';

/**
 * An event's date as stored: the text as given (outer spaces trimmed) and its sort key from
 * @rootline/gedcom-date. A text that does not parse is a GEDCOM phrase: kept word for word,
 * with no sort key (it sorts last and falls outside every year window), never dropped.
 */
export function eventDate(written: string | null | undefined): { date: string | null; sort_date: string | null } {
  const text = written?.trim();
  if (!text) return { date: null, sort_date: null };
  return { date: text, sort_date: sortDate(parseGedcomDate(text)) };
}

/** A place folded for matching: NFC, trimmed, spaces (and spaces around commas) tidied, lower case. */
export function placeKey(place: string | null | undefined): string | null {
  const text = place?.normalize('NFC').trim().replace(/\s+/g, ' ').replace(/ ?, ?/g, ', ').toLowerCase();
  return text ? text : null;
}

/**
 * A year window as a range of sort keys, `lower <= sort_date < upper`. Sort keys start with
 * the year in four digits followed by `-`, so every key of year Y is at least "Y" and below
 * "Y:" (`-` sorts before `:`). Window years are 1..9999 (the schema says so).
 */
export interface SortRange {
  lower: string | null;
  upper: string | null;
}

const year4 = (year: number) => String(year).padStart(4, '0');

export function windowRange(start: number | undefined, end: number | undefined): SortRange {
  return { lower: start === undefined ? null : year4(start), upper: end === undefined ? null : `${year4(end)}:` };
}
