/**
 * What "valid 5.5.1" means here, since 5.5.1 has no rules as data. The 7.0 tables stand in
 * for the structures both versions share, and this file lists where 5.5.1 differs:
 *
 * - Tags 5.5.1 has and 7.0 dropped (CONC, CHAR, SUBN, RFN, AFN, RIN, ROMN, FONE, ...) are
 *   accepted wherever they appear, their substructures unchecked.
 * - Tags only 7.0 has (SNOTE, SCHMA, EXID, PHRASE, TRAN, CREA, ...) are errors.
 * - Placement, cardinality, required substructures and payload presence are warnings:
 *   the 7.0 table only approximates 5.5.1. Where 5.5.1 requires another tag than 7.0 (its
 *   ASSO needs RELA where 7.0's needs ROLE), the 5.5.1 tag is the one required.
 * - Errors besides: HEAD must have SOUR, SUBM, GEDC (VERS, FORM) and CHAR; pointers must
 *   resolve to the right record; dates follow the 5.5.1 grammar; enumerations compare
 *   without case (5.5.1 writes `birth`, 7.0 `BIRTH`), except where 5.5.1's lists differ.
 * - `_` tags are warnings (5.5.1 cannot document them).
 */
import { isStandardTag } from '../rules/lookup.js';

/** Every tag of the GEDCOM 5.5.1 standard (its appendix A, with 5.5's BLOB/ORDI still seen in the wild). */
const TAGS_551 = new Set(
  ('ABBR ADDR ADR1 ADR2 ADR3 ADOP AFN AGE AGNC ALIA ANCE ANCI ANUL ASSO AUTH BAPL BAPM BARM BASM BIRT BLES BLOB BURI ' +
    'CALN CAST CAUS CENS CHAN CHAR CHIL CHR CHRA CITY CONC CONF CONL CONT COPR CORP CREM CTRY DATA DATE DEAT DESC DESI ' +
    'DEST DIV DIVF DSCR EDUC EMAIL EMIG ENDL ENGA EVEN FACT FAM FAMC FAMF FAMS FAX FCOM FILE FONE FORM GEDC GIVN GRAD ' +
    'HEAD HUSB IDNO IMMI INDI LANG LATI LEGA LONG MAP MARB MARC MARL MARR MARS MEDI NAME NATI NATU NCHI NICK NMR NOTE ' +
    'NPFX NSFX OBJE OCCU ORDI ORDN PAGE PEDI PHON PLAC POST PROB PROP PUBL QUAY REFN RELA RELI REPO RESI RESN RETI RFN ' +
    'RIN ROLE ROMN SEX SLGC SLGS SOUR SPFX SSN STAE STAT SUBM SUBN SURN TEMP TEXT TIME TITL TRLR TYPE VERS WIFE WILL WWW').split(' '),
);

/** A 5.5.1 tag GEDCOM 7 does not define at all: accepted as 5.5.1, not checked further. */
export function isOnly551(tag: string): boolean {
  return TAGS_551.has(tag) && !isStandardTag(tag);
}

/** A tag of either standard (5.5.1 or 7.0): not an extension (`_MILT`) nor a tag no version defines (IBM Easytree's `HEAL`). */
export function isGedcomTag(tag: string): boolean {
  return TAGS_551.has(tag) || isStandardTag(tag);
}

/** A tag GEDCOM 7 defines and 5.5.1 does not. */
export function isOnly70(tag: string): boolean {
  return isStandardTag(tag) && !TAGS_551.has(tag);
}

/** 5.5.1 top-level records GEDCOM 7 dropped (7.0's SNOTE replaces NOTE): counted and pointed to, not checked inside. */
export const RECORDS_551 = new Set(['NOTE', 'SUBN']);

/**
 * Standard 5.5.1 substructures where 7.0 has the tag but not under that parent (by the
 * parent's 7.0 structure type): accepted without a warning, not checked inside.
 */
export const PLACES_551: Record<string, readonly string[]> = {
  HEAD: ['FILE'],
  GEDC: ['FORM'],
  OBJE: ['FILE', 'FORM', 'TITL'],
  FORM: ['TYPE'],
  SOUR: ['TEXT'],
};

/** Required substructures 5.5.1 names differently, by the parent's 7.0 structure type: 7.0's tag -> 5.5.1's. */
export const REQUIRED_INSTEAD_551: Record<string, Record<string, string>> = { ASSO: { ROLE: 'RELA' } };

/** What 5.5.1 requires in HEAD and HEAD.GEDC (errors, unlike the 7.0 table's requirements). */
export const REQUIRED_551: Record<string, string[]> = { HEAD: ['SOUR', 'SUBM', 'GEDC', 'CHAR'], GEDC: ['VERS', 'FORM'] };

/**
 * 5.5.1 enumerations that differ from 7.0's sets (checked without case): SEX has no X;
 * the LDS statuses and NAME TYPE (user-defined values allowed) are not checked.
 */
export const ENUMS_551: Record<string, ReadonlySet<string> | 'unchecked'> = {
  SEX: new Set(['M', 'F', 'U']),
  'ord-STAT': 'unchecked',
  'NAME-TYPE': 'unchecked',
};

/**
 * Where 5.5.1 allows a pointer 7.0 writes differently, or text where 7.0 wants a pointer:
 * a NOTE may point at a NOTE record; SOUR and OBJE may be written inline, without a pointer.
 */
export const POINTER_OR_TEXT_551: Record<string, string> = { NOTE: 'NOTE', SOUR: 'SOUR', OBJE: 'OBJE' };
