/**
 * The role of an association made of an ALIA pointer: GEDCOM's "alias" in the computing sense,
 * another record of the same individual, not a pseudonym. A link, not a merge: the file's INDI
 * count stays the person count, and whether the two are one person is the genealogist's to
 * decide (a merge). The exports write an association of this role, with no note or source, as ALIA.
 */
export const ALIAS = 'alias';
