/**
 * The claims that keep a family event's citations (`../import/family-event-citations.ts`: a
 * `marriage` claim on each partner, with the marriage's date and place, citing the record) are
 * written back as the SOURs of that event under its FAM, not as facts of the INDI (5.5.1 and
 * 7.0 have no INDI.MARR). A claim is the citation of a family event of its person when its kind
 * is the event's (`marriage` for MARR; an EVEN's or FACT's type in its value) and its date and
 * place are the event's. The INDI records are written before the FAM records, so the SOUR lines
 * wait here, by event, until the event is written; both partners' claims cite the same record,
 * and it is written once. A claim that matches no family event of its person is written as any
 * other claim is (EVEN, TYPE marriage).
 */
import type { GedcomNode } from '@rootline/gedcom';
import type { AssertionDto } from '@rootline/contracts/assertions';
import type { EventDto } from '@rootline/contracts/events';
import type { ExportContext } from './context.js';
import { claimCitations, type Cited } from './citations.js';
import { FAMILY_EVENT_KINDS } from '../family-event-kinds.js';

const TAG_OF_KIND: ReadonlyMap<string, string> = new Map(Object.entries(FAMILY_EVENT_KINDS).map(([tag, kind]) => [kind, tag]));

/** Per export run: event id -> the SOUR lines waiting for it, by their text (each written once). */
const waiting = new WeakMap<ExportContext, Map<string, Map<string, GedcomNode>>>();

/**
 * Whether `claim` is the citation of one of `familyEvents` (its person's events that are written
 * on a FAM): if so its SOURs wait for that event, and the claim is not to be written as a fact.
 */
export function takeFamilyEventCitation(
  context: ExportContext,
  claim: AssertionDto,
  cited: Cited,
  familyEvents: readonly EventDto[],
): boolean {
  const tag = TAG_OF_KIND.get(claim.kind);
  if (tag === undefined || familyEvents.length === 0 || context.redacted(claim.id)?.whole) return false;
  const type = (tag === 'EVEN' || tag === 'FACT') && claim.value ? `custom:${claim.value}` : tag;
  const event = familyEvents.find((each) => each.type === type && (each.date ?? null) === (claim.date ?? null) && (each.place ?? null) === (claim.place ?? null));
  if (!event) return false;
  if (!context.shows(claim.id, 'kind') || !context.shows(claim.id, 'source')) {
    context.lose(`FAM.${tag}.SOUR`, 'redacted citation not written');
    return true;
  }
  let byEvent = waiting.get(context);
  if (!byEvent) waiting.set(context, (byEvent = new Map()));
  let lines = byEvent.get(event.id);
  if (!lines) byEvent.set(event.id, (lines = new Map()));
  for (const sour of claimCitations(context, claim, cited, `FAM.${tag}`)) lines.set(JSON.stringify(sour), sour);
  return true;
}

/** The SOUR lines kept for a family event, each once (and forgotten: an event is written once). */
export function familyEventCitations(context: ExportContext, event: string): GedcomNode[] {
  const byEvent = waiting.get(context);
  const lines = byEvent?.get(event);
  if (!lines) return [];
  byEvent!.delete(event);
  return [...lines.values()];
}
