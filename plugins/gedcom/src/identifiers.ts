/**
 * The numbers a file gives a person (or a family) to find it again: the genealogist's own
 * reference number (REFN, with its TYPE), the record id of the program that wrote the file
 * (RIN), a unique id (7.0 UID; the `_UID` of PAF, Legacy, RootsMagic, Family Historian), the
 * person's FamilySearch id (Family Tree Maker's `FSID`, `_FSFTID`; 7.0 EXID with FamilySearch's
 * TYPE) and another external id (7.0 EXID, its TYPE the authority's URI). No field of a
 * person holds them: the import keeps each as a note on the person, in these words
 * (`Reference number: KENNJP88`, `Reference number (filing box): 12`), and the export writes
 * such a note back as its line.
 */
export type IdentifierKind = 'REFN' | 'RIN' | 'UID' | 'FSID' | 'EXID';

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
  EXID: 'External id',
};

/** The TYPE of a 7.0 EXID that is a FamilySearch person id (appending the id gives the person's page, as the specification recommends). */
export const FAMILYSEARCH = 'https://www.familysearch.org/tree/person/';

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
