import { detailNotes } from './fact-details.js';

/**
 * How sure the file is of a child's link to a family: GEDCOM's FAMC.STAT (challenged, disproven,
 * proven; 7.0 says what its words do not in a PHRASE beside it). A parent edge holds no status,
 * so the import keeps a challenged or proven link's as notes on the child's first parent edge in
 * that family, in these words (`Status of the link: challenged`, `Status of the link in words:
 * ...`), and both exports write such notes back as STAT (7.0 with its PHRASE) under the child's
 * FAMC. A link the file marks disproven makes no edge (`import/link-status.ts`).
 */
const LINK_DETAILS: Readonly<Record<string, string>> = {
  STAT: 'Status of the link',
  'STAT.PHRASE': 'Status of the link in words',
};

export const linkStatusNotes = detailNotes(LINK_DETAILS);

/** The status that makes no edge. */
export const DISPROVEN = 'disproven';

/**
 * Whether a note is one of a link's status (its word or its words). A family of one parent keeps
 * its own notes on its child's first parent edge, where that child's link status is too: the
 * FAM takes the others, the child's FAMC this one.
 */
export const isLinkStatusNote = (text: string): boolean => linkStatusNotes.read(text) !== undefined;
