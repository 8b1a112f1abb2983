import type { GedcomNode } from '@rootline/gedcom';
import type { MappingContext } from './context.js';
import { citeSources } from './map-source.js';
import { FAMILY_EVENT_KINDS } from '../family-event-kinds.js';

/** What the loss report says of a family event's SOUR kept this way. */
const KEPT = 'an event holds no citation: kept as a claim of the event\'s kind on each partner (date, place, citing the source); exports write it back under the FAM event';

/** A family event whose SOURs are to be kept: the event as written, and the personas of its partners. */
export interface CitedFamilyEvent {
  node: GedcomNode;
  path: string;
  personas: readonly string[];
  /** The event's type (`MARR`, or `custom:Civil union` for an EVEN or FACT with a TYPE), date and place as the event holds them. */
  event: { type: string; date?: string; place?: string };
}

/**
 * The SOURs of family events (FAM.MARR.SOUR: the marriage's evidence). An event of the events
 * plugin holds no citation, so each partner gets a claim of the event's kind (`marriage`) with
 * its date and place, citing the first SOUR's source and citation (PAGE, DATA.TEXT, QUAY), the
 * further SOURs attached as evidence: what an INDI fact citing the same record would make.
 * The export writes these claims back as the SOURs of the FAM event they match (same kind, date
 * and place: `../export/family-event-citations.ts`). An event without partners has no one to
 * hold them: reported as not kept. One `captureMany` for the batch; events without a SOUR cost nothing.
 */
export function keepFamilyEventCitations(context: MappingContext, events: readonly CitedFamilyEvent[]): void {
  const planned: { input: Parameters<MappingContext['services']['assertionsService']['captureMany']>[1][number]; more: string[] }[] = [];
  for (const { node, path, personas, event } of events) {
    const sours = node.children.filter((part) => part.tag === 'SOUR');
    if (sours.length === 0) continue;
    if (personas.length === 0) {
      for (const sour of sours) context.lose(`${path}.SOUR`, sour, 'family event without partners: its citation is not kept (an event holds none)');
      continue;
    }
    const citing = citeSources(context, node, path);
    if (!citing.source) continue;
    // Those citeSources could not read (a pointer to no SOUR record, an empty one) it has reported.
    for (const sour of sours) if (sour.pointer ? context.sources.has(sour.pointer) : sour.value?.trim()) context.keptAs(`${path}.SOUR`, sour, KEPT);
    const custom = event.type.startsWith('custom:') ? event.type.slice('custom:'.length) : undefined;
    const claim = {
      kind: FAMILY_EVENT_KINDS[node.tag],
      ...(custom ? { value: custom } : {}),
      ...(event.date ? { date: event.date } : {}),
      ...(event.place ? { place: event.place } : {}),
      source: citing.source,
      ...(citing.citation ? { citation: citing.citation } : {}),
    };
    for (const persona of new Set(personas)) planned.push({ input: { persona, ...claim }, more: citing.more });
  }
  if (planned.length === 0) return;
  const { assertionsService } = context.services;
  assertionsService.captureMany(context.actor, planned.map(({ input }) => input)).forEach((claim, at) => {
    context.created('assertion', claim.id);
    for (const citation of planned[at].more) assertionsService.attachEvidence(context.actor, claim.id, { kind: 'citation', citation });
  });
}
