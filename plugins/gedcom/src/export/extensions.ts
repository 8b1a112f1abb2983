/**
 * The extension tags the export writes, and what a 7.0 file's HEAD.SCHMA says each one is.
 *
 * `_LINK` under a source citation is the citation's web address (the `url` element: the record
 * online, as Family Tree Maker writes it for Ancestry's records). GEDCOM has no web address
 * under a citation; 7.0 documents `_LINK` as a relocated standard structure, `g7:WWW` (a web
 * address, with WWW's payload and rules), so a 7.0 reader knows what it is, and 5.5.1 writes
 * it the way FTM does (an extension 5.5.1 cannot document: our validator warns, once).
 */
export const CITATION_LINK = '_LINK';

/** HEAD.SCHMA of a 7.0 export: extension tag -> the URI of what it is. */
export const SCHEMA: Readonly<Record<string, string>> = { [CITATION_LINK]: 'https://gedcom.io/terms/v7/WWW' };
