import type { AssertionsService } from '@rootline/contracts/assertions';
import type { EventsService } from '@rootline/contracts/events';
import type { FamilyService } from '@rootline/contracts/family';
import type { PersonsService } from '@rootline/contracts/persons';
import type { SignalReads } from './picture.js';

/** Claim kinds the picture reads: births and baptisms for the summaries' checks, marriages for ages at marriage. */
const DATED_KINDS = ['birth', 'baptism', 'christening', 'marriage'];
/** Event types and participant roles that make a marriage (GEDCOM import writes FAM.MARR as a `MARR` event with `husband` and `wife`). */
const MARRIAGE_TYPES = ['MARR'];
const SPOUSE_ROLES = ['husband', 'wife', 'spouse', 'bride', 'groom', 'partner', 'principal'];

export interface ReadingServices {
  personsService: PersonsService;
  familyService: FamilyService;
  assertionsService: AssertionsService;
  eventsService: EventsService;
}

/** The picture's reads, through the persons, family, assertions and events contracts. */
export function signalReads({ personsService, familyService, assertionsService, eventsService }: ReadingServices): SignalReads {
  return {
    vitals: (persons) => personsService.vitalRows(persons),
    personas: (persons) => personsService.personaRows(persons),
    sourced: (personas) => assertionsService.sourcedPersonas(personas),
    dated: (personas) => assertionsService.datedClaimRows(DATED_KINDS, personas),
    marriages: (subjects) => eventsService.datedParticipantRows(MARRIAGE_TYPES, SPOUSE_ROLES, subjects),
    edges: (persons) => familyService.parentEdgeRows(persons),
    unevidenced: (claims) => assertionsService.unevidencedClaimRows(claims),
  };
}
