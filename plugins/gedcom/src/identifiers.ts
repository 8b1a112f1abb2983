/**
 * The numbers a file gives a person (or a family) to find it again: the genealogist's own
 * reference number (REFN, with its TYPE), the record id of the program that wrote the file
 * (RIN), a unique id (7.0 UID; the `_UID` of PAF, Legacy, RootsMagic, Family Historian), the
 * person's FamilySearch id (Family Tree Maker's `FSID`, `_FSFTID`; 7.0 EXID with FamilySearch's
 * TYPE), 5.5.1's Ancestral File number (AFN) and record file number (RFN: a registered
 * resource and the record's id in it, `xyz:123abc`), each a 7.0 EXID of the type GEDCOM 7 names
 * for it, and another external id (7.0 EXID, its TYPE the authority's URI). No field of a
 * person, family, source or media object holds them: the import keeps each as a note on it, in
 * these words (`Reference number: KENNJP88`, `Reference number (filing box): 12`), and the
 * export writes such a note back as its line. A record's restriction notice (RESN) is kept and
 * written back the same way (`Restriction: confidential`).
 */
export type IdentifierKind = 'REFN' | 'RIN' | 'UID' | 'FSID' | 'AFN' | 'RFN' | 'EXID' | 'RESN';

export interface Identifier {
  kind: IdentifierKind;
  value: string;
  /** REFN's TYPE (what kind of number), EXID's TYPE (the authority's URI). */
  type?: string;
}

const LABELS: Readonly<Record<IdentifierKind, string>> = {
  REFN: 'Reference number',
  RIN: 'Record id (RIN)',
  UID: 'Unique id',
  FSID: 'FamilySearch id',
  AFN: 'Ancestral File number',
  RFN: 'Record file number',
  EXID: 'External id',
  // Not a number, but a line of the record kept and written back the same way: the file's
  // restriction notice (confidential, locked, privacy). Rootline keeps it and does not act on it:
  // what is to be hidden is redacted (views).
  RESN: 'Restriction',
};

/** The TYPE of a 7.0 EXID that is a FamilySearch person id (appending the id gives the person's page, as the specification recommends). */
export const FAMILYSEARCH = 'https://www.familysearch.org/tree/person/';

/** The TYPE of a 7.0 EXID that stands for 5.5.1's AFN (GEDCOM 7, terms/AFN). */
export const AFN_TYPE = 'https://gedcom.io/terms/v7/AFN';

/**
 * The TYPE of a 7.0 EXID that stands for 5.5.1's RFN (GEDCOM 7, terms/RFN): its fragment is the
 * registered resource, the EXID's payload the record's id there. 5.5.1 writes both as one
 * payload, resource first: `RFN xyz:123abc` is `EXID 123abc` + `TYPE .../RFN#xyz`. (The term's own
 * example turns the two round; its words, and 5.5.1's `<REGISTERED_RESOURCE_IDENTIFIER>:<RECORD_IDENTIFIER>`, are followed.)
 */
const RFN_TYPE = 'https://gedcom.io/terms/v7/RFN';

/** A 5.5.1 RFN payload as a 7.0 EXID: the record's id, and the TYPE naming the resource. */
export function rfnAsExid(value: string): { value: string; type: string } {
  const cut = value.indexOf(':');
  return cut > 0 && cut < value.length - 1 ? { value: value.slice(cut + 1), type: `${RFN_TYPE}#${value.slice(0, cut)}` } : { value, type: RFN_TYPE };
}

/** A 7.0 EXID of RFN's TYPE as the 5.5.1 payload (`resource:record`); undefined for an EXID of another TYPE. */
export function rfnOfExid(value: string, type: string | undefined): string | undefined {
  if (type === RFN_TYPE) return value;
  return type?.startsWith(`${RFN_TYPE}#`) && type.length > RFN_TYPE.length + 1 ? `${type.slice(RFN_TYPE.length + 1)}:${value}` : undefined;
}

/** The note's text for an identifier (`Reference number (filing box): 12`). */
export function identifierNoteText({ kind, value, type }: Identifier): string {
  return `${LABELS[kind]}${type ? ` (${type})` : ''}: ${value}`;
}

/** The identifier a note's text holds, or undefined for a note of another kind (or one edited out of that shape). */
export function readIdentifierNote(text: string): Identifier | undefined {
  for (const kind of Object.keys(LABELS) as IdentifierKind[]) {
    if (!text.startsWith(LABELS[kind])) continue;
    let rest = text.slice(LABELS[kind].length);
    let type: string | undefined;
    if ((kind === 'REFN' || kind === 'EXID') && rest.startsWith(' (')) {
      const close = rest.indexOf('): ');
      if (close < 0) return undefined;
      type = rest.slice(2, close);
      rest = rest.slice(close + 1);
    }
    if (!rest.startsWith(': ')) return undefined;
    const value = rest.slice(2).trim();
    return value && !value.includes('\n') && !type?.includes('\n') ? { kind, value, ...(type ? { type } : {}) } : undefined;
  }
  return undefined;
}
