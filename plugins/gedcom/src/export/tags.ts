/**
 * Rootline's words back into GEDCOM tags: the claim kinds the importer gives each INDI fact
 * (import/facts.ts), reversed, and which of those tags carry their value as the payload.
 */
import { requiredTags, substructureRule } from '@rootline/gedcom';
import { INDIVIDUAL_FACTS } from '../import/facts.js';
import type { WriteVersion } from './version.js';

const TAG_OF_KIND: ReadonlyMap<string, string> = new Map(Object.entries(INDIVIDUAL_FACTS).map(([tag, kind]) => [kind, tag]));

/**
 * Tags whose payload is text (attributes, EVEN, FACT): a claim's value is written there.
 * The others are events (`BIRT Y` or nothing): their value has no line of its own.
 * 5.5.1's RESI has no payload.
 */
const TEXT_PAYLOAD = new Set(['CAST', 'DSCR', 'EDUC', 'IDNO', 'NATI', 'NCHI', 'NMR', 'OCCU', 'PROP', 'RELI', 'RESI', 'SSN', 'TITL', 'FACT', 'EVEN']);

/** LDS ordinances: no payload, and the event detail (DATE, PLAC) is all they share with events. */
const ORDINANCES = new Set(['BAPL', 'CONL', 'ENDL', 'INIL', 'SLGC', 'SLGS']);

/** The INDI tag for a claim kind, or undefined for a kind GEDCOM has no tag for (written as EVEN with TYPE). */
export function tagOfKind(kind: string): string | undefined {
  return TAG_OF_KIND.get(kind);
}

export function carriesValue(tag: string, version: WriteVersion): boolean {
  if (tag === 'RESI' && version === '5.5.1') return false;
  return TEXT_PAYLOAD.has(tag);
}

/** Whether an INDI fact must have a TYPE (IDNO: the kind of number), as the GEDCOM 7 tables say. */
export function needsType(tag: string): boolean {
  const rule = substructureRule('record-INDI', tag);
  return rule !== undefined && requiredTags(rule.type).includes('TYPE');
}

export function isOrdinance(tag: string): boolean {
  return ORDINANCES.has(tag);
}

/** A claim kind in words, for a TYPE line: `bar_mitzvah` -> `bar mitzvah`. */
export function kindWords(kind: string): string {
  return kind.replace(/[_.-]+/g, ' ').trim();
}

/** Family event tags the events plugin stores as they are (`MARR`); anything else is EVEN with TYPE. */
export const FAMILY_EVENT_TAGS = new Set(['ANUL', 'CENS', 'DIV', 'DIVF', 'ENGA', 'MARB', 'MARC', 'MARL', 'MARR', 'MARS', 'RESI', 'EVEN', 'NCHI', 'FACT', 'SLGS']);

/** Individual event tags an event of the events plugin may have (`BIRT`, `_MILT`...); the rest are EVEN. */
export const INDIVIDUAL_EVENT_TAGS = new Set(Object.keys(INDIVIDUAL_FACTS));
