/**
 * Lines under a source citation (`2 SOUR @S1@`) that no element of a citation holds: the date
 * the entry was made in the source (`DATA.DATE`), and Family Tree Maker's footnote and short
 * footnote (`_FOOT`, `_ABBR`: the citation as the program formatted it). The import keeps each as a
 * note on the citation, in these words (`Date of the entry: 12 JAN 1850`, `Footnote: ...`); the
 * export writes the date back as `DATA.DATE` where its value is a GEDCOM date of the target
 * version, and every other note of a citation (the footnotes, the SOUR's own NOTEs, the whole text
 * of a page too long for its element) as a NOTE under the SOUR.
 */
import { detailNotes } from './fact-details.js';

export const CITATION_DETAILS: Readonly<Record<string, string>> = {
  'DATA.DATE': 'Date of the entry',
  _FOOT: 'Footnote',
  _ABBR: 'Short footnote',
};

export const citationDetailNotes = detailNotes(CITATION_DETAILS);
