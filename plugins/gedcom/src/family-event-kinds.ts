/**
 * A family event's tag -> the kind of the claims that keep its citations, in the genealogist's
 * words. A FAM.CENS, RESI, EVEN, FACT or NCHI gets a kind of its own (`family_census`), so it
 * is never taken for the individual's fact of the same tag. The import makes these claims of a
 * family event's citations (`import/family-event-citations.ts`), the export writes them back
 * under the event (`export/family-event-citations.ts`).
 */
export const FAMILY_EVENT_KINDS: Readonly<Record<string, string>> = {
  MARR: 'marriage',
  DIV: 'divorce',
  DIVF: 'divorce_filed',
  ENGA: 'engagement',
  MARB: 'marriage_banns',
  MARC: 'marriage_contract',
  MARL: 'marriage_license',
  MARS: 'marriage_settlement',
  ANUL: 'annulment',
  CENS: 'family_census',
  RESI: 'family_residence',
  EVEN: 'family_event',
  FACT: 'family_fact',
  SLGS: 'lds_sealing_spouse',
  NCHI: 'family_number_of_children',
};
