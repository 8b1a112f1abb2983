import type { TreeRecord } from '@rootline/kernel';
import type { TreePicture } from './picture.js';

/** What a run of records touched: the persons to read and check again, and the claims. */
export interface Touched {
  persons: Set<string>;
  claims: Set<string>;
}

/** What the records cannot say themselves: a claim's persona, an event's participants now. */
export interface Lookups {
  personaOfClaim(claim: string): string | undefined;
  eventSubjects(event: string): { person?: string; persona?: string }[];
}

/**
 * Payload fields of person and relationship records that name persons besides the record's own
 * (a merge's survivor is the record's person; a reparent's old parent was the child's parent,
 * and the picture checks the parents and children a touched person had).
 */
const PERSON_FIELDS = ['merged', 'new_person', 'parent', 'child', 'to_parent'];

/**
 * The persons and claims `records` touched, as the picture knew the tree before them (a persona's
 * person, a marriage's spouses). Records of what the signals do not read (notes, sources,
 * research, associations, ...) touch nothing, nor do persona records: they change names, and the
 * labels of the examples are read afresh whenever anything changed (a persona's sex is set once,
 * when it is made, before any person is concluded over it).
 * - `assertion.*`: the claim, and the person of its persona (the payload's, else the claim's);
 * - `person.*`: the person and the others its payload names (merged, split off);
 * - `relationship.*`: both ends (a reparent: the child and both parents);
 * - `event.*`: the spouses it had and those it has now.
 */
export function touchedBy(records: readonly TreeRecord[], picture: TreePicture, lookups: Lookups): Touched {
  const persons = new Set<string>();
  const claims = new Set<string>();
  const ofPersona = (persona: string | undefined) => {
    const id = persona === undefined ? undefined : picture.personOf.get(persona);
    if (id !== undefined) persons.add(id);
  };
  for (const record of records) {
    const payload = Object(record.payload) as Record<string, unknown>;
    switch (record.entity_type) {
      case 'assertion':
        claims.add(record.entity_id);
        ofPersona(typeof payload.persona === 'string' ? payload.persona : lookups.personaOfClaim(record.entity_id));
        break;
      case 'person':
      case 'relationship':
        if (record.entity_type === 'person') persons.add(record.entity_id);
        for (const field of PERSON_FIELDS) if (typeof payload[field] === 'string') persons.add(payload[field] as string);
        break;
      case 'event':
        for (const id of picture.eventOwners.get(record.entity_id) ?? []) persons.add(id);
        for (const subject of lookups.eventSubjects(record.entity_id)) {
          if (subject.person !== undefined) persons.add(subject.person);
          else ofPersona(subject.persona);
        }
        break;
    }
  }
  return { persons, claims };
}
