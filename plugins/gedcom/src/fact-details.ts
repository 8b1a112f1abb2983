/**
 * Lines under a fact or event that no field of a claim or an event holds: its TYPE (what kind
 * of birth, of identity number: `IDNO 123` + `TYPE passport`), CAUS (the cause: of a death, of
 * a title), AGNC (the agency that recorded it or was responsible), RELI (the religion of the
 * event) and AGE (the person's age at it, as the record gave it: `AGE 42y`, evidence of a birth
 * year), QUAY (the certainty of the fact, where a program writes it under the fact itself),
 * ADDR (the address where it happened: a residence's street; its text on one line, else its
 * parts) with PHON, EMAIL, FAX and WWW; under a family event, each partner's age at it (`2 HUSB` + `3 AGE 25y`: `HUSB.AGE`);
 * an age's PHRASE (7.0: the age in words, `AGE < 8y` + `PHRASE child`: `AGE.PHRASE`); an LDS
 * ordinance's TEMP (the temple) and STAT (its status) with the STAT's DATE (when the status was set);
 * under its PLAC, the place's NOTEs (`PLAC.NOTE`: what the file says of the place, "the tomb was
 * lost when the choir was rebuilt in 1699") and its FORM (`PLAC.FORM`: what each part of the
 * place names, "City, County, State"); under its DATE, 7.0's TIME (`DATE.TIME`, the hour a
 * register gives); 7.0's SDATE (a date to sort the fact by) and UID.
 * The import keeps each as a note on the claim or event, in these words (`Cause: Dysenterie`,
 * `Age: 42y`, `Husband's age: 25y`, `Age in words: child`), and the export writes such a note
 * back as the line under the fact where the target version allows that line and its value (an
 * age GEDCOM cannot read stays a note), a detail of a detail (`AGE.PHRASE`) under its line, and
 * only with the lines GEDCOM requires under it (a STAT only with its DATE).
 */
export const FACT_DETAILS: Readonly<Record<string, string>> = {
  TYPE: 'Type',
  CAUS: 'Cause',
  AGNC: 'Agency',
  RELI: 'Religion',
  AGE: 'Age',
  'AGE.PHRASE': 'Age in words',
  // Brother's Keeper writes the certainty of a fact under the fact itself, with no SOUR (GEDCOM
  // puts QUAY under a citation only): kept as a note, which stays a NOTE in an export.
  QUAY: 'Quality of the evidence',
  'HUSB.AGE': "Husband's age",
  'HUSB.AGE.PHRASE': "Husband's age in words",
  'WIFE.AGE': "Wife's age",
  'WIFE.AGE.PHRASE': "Wife's age in words",
  // The file's restriction notice on the fact (confidential, locked, privacy): kept, not acted on.
  RESN: 'Restriction',
  // An LDS ordinance's temple and status (FamilySearch's words: BIC, COMPLETED...), and when the status was set.
  TEMP: 'Temple',
  STAT: 'Ordinance status',
  'STAT.DATE': 'Ordinance status date',
  // Where it happened, more closely than the place (a residence's street address), and how to reach it.
  ADDR: 'Address',
  PHON: 'Phone',
  EMAIL: 'Email',
  FAX: 'Fax',
  WWW: 'Website',
  // Under the fact's PLAC: written back under the PLAC line, where the fact has one (`../export/facts.ts`).
  'PLAC.NOTE': 'Note on the place',
  'PLAC.FORM': 'Parts of the place',
  // 7.0's time of day under the fact's DATE (a birth register's hour), its date for sorting (SDATE) and its unique id.
  'DATE.TIME': 'Time of day',
  SDATE: 'Date for sorting',
  UID: 'Unique id',
};

/** Details that say where, as the place does: hidden with a redacted place. */
export const ADDRESS_DETAILS: ReadonlySet<string> = new Set(['ADDR', 'PHON', 'EMAIL', 'FAX', 'WWW']);

/** Details of the place itself, under its PLAC: hidden with a redacted place, and notes where the fact has no place. */
export const PLACE_DETAILS: ReadonlySet<string> = new Set(['PLAC.NOTE', 'PLAC.FORM']);

/** Details of the date, under its DATE: hidden with a redacted date, and notes where the fact has no date. */
export const DATE_DETAILS: ReadonlySet<string> = new Set(['DATE.TIME']);

/** Details GEDCOM has no line for under a fact: exports write their notes as NOTEs. */
export const NOTE_ONLY_DETAILS: ReadonlySet<string> = new Set(['QUAY']);

/** The lines of a family event that name a partner: their own details (AGE) are kept under `HUSB.` or `WIFE.`. */
export const PARTNER_LINES: ReadonlySet<string> = new Set(['HUSB', 'WIFE']);

/** Notes that stand for lines, each headed by its line's label (`Cause: Dysenterie`): written and read back by one table. */
export interface DetailNotes {
  /** The note's text for a detail line (`CAUS` "Dysenterie" -> `Cause: Dysenterie`). */
  text(tag: string, value: string): string;
  /** The line a note's text stands for, or undefined for a note of another kind. */
  read(text: string): { tag: string; value: string } | undefined;
}

/** The notes of a table of labels (tag -> label). */
export function detailNotes(labels: Readonly<Record<string, string>>): DetailNotes {
  const tagOf = new Map(Object.entries(labels).map(([tag, label]) => [label, tag]));
  return {
    text: (tag, value) => `${labels[tag]}: ${value}`,
    read(text) {
      const cut = text.indexOf(': ');
      const tag = cut > 0 ? tagOf.get(text.slice(0, cut)) : undefined;
      const value = text.slice(cut + 2).trim();
      return tag && value ? { tag, value } : undefined;
    },
  };
}

const FACT_NOTES = detailNotes(FACT_DETAILS);

/** The note's text for a fact's detail line (`CAUS` "Dysenterie" -> `Cause: Dysenterie`). */
export const detailNoteText = FACT_NOTES.text;

/** The fact's detail line a note's text stands for, or undefined for a note of another kind. */
export const readDetailNote = FACT_NOTES.read;
