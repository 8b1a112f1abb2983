/**
 * Lines under a fact or event that no field of a claim or an event holds: its TYPE (what kind
 * of birth, of identity number: `IDNO 123` + `TYPE passport`), CAUS (the cause: of a death, of
 * a title), AGNC (the agency that recorded it or was responsible) and RELI (the religion of the
 * event). The import keeps each as a note on the claim or event, in these words (`Cause:
 * Dysenterie`), and the export writes such a note back as the line under the fact.
 */
export const FACT_DETAILS: Readonly<Record<string, string>> = { TYPE: 'Type', CAUS: 'Cause', AGNC: 'Agency', RELI: 'Religion' };

const TAG_OF_LABEL = new Map(Object.entries(FACT_DETAILS).map(([tag, label]) => [label, tag]));

/** The note's text for a detail line (`CAUS` "Dysenterie" -> `Cause: Dysenterie`). */
export function detailNoteText(tag: string, text: string): string {
  return `${FACT_DETAILS[tag]}: ${text}`;
}

/** The line a note's text stands for, or undefined for a note of another kind. */
export function readDetailNote(text: string): { tag: string; value: string } | undefined {
  const cut = text.indexOf(': ');
  const tag = cut > 0 ? TAG_OF_LABEL.get(text.slice(0, cut)) : undefined;
  const value = text.slice(cut + 2).trim();
  return tag && value ? { tag, value } : undefined;
}
