/**
 * The facts and events of an INDI that become claims, GEDCOM tag -> claim kind. Kinds are the
 * genealogist's words in lower case; `birth`, `baptism`, `christening`, `death` and `burial`
 * are the ones the persons plugin builds its birth and death summaries from.
 */
export const INDIVIDUAL_FACTS: Record<string, string> = {
  BIRT: 'birth',
  CHR: 'christening',
  BAPM: 'baptism',
  CHRA: 'adult_christening',
  BLES: 'blessing',
  BARM: 'bar_mitzvah',
  BASM: 'bat_mitzvah',
  CONF: 'confirmation',
  FCOM: 'first_communion',
  ADOP: 'adoption',
  DEAT: 'death',
  BURI: 'burial',
  CREM: 'cremation',
  PROB: 'probate',
  WILL: 'will',
  CENS: 'census',
  EMIG: 'emigration',
  IMMI: 'immigration',
  NATU: 'naturalization',
  GRAD: 'graduation',
  RETI: 'retirement',
  ORDN: 'ordination',
  OCCU: 'occupation',
  RESI: 'residence',
  EDUC: 'education',
  RELI: 'religion',
  NATI: 'nationality',
  CAST: 'caste',
  DSCR: 'description',
  IDNO: 'identity_number',
  SSN: 'social_security_number',
  NCHI: 'number_of_children',
  NMR: 'number_of_marriages',
  PROP: 'property',
  TITL: 'title',
  EVEN: 'event',
  FACT: 'fact',
  BAPL: 'lds_baptism',
  CONL: 'lds_confirmation',
  ENDL: 'lds_endowment',
  INIL: 'lds_initiatory',
  SLGC: 'lds_sealing_child',
};

/** Family events (FAM): events with both partners as participants (their event type is the tag). */
export const FAMILY_EVENTS = new Set(['MARR', 'DIV', 'DIVF', 'ENGA', 'MARB', 'MARC', 'MARL', 'MARS', 'ANUL', 'CENS', 'RESI', 'EVEN', 'FACT', 'SLGS', 'NCHI']);

/** Substructures of a fact the claim holds itself (DATE, PLAC, TYPE of EVEN/FACT) or that are mapped on their own (SOUR, NOTE, OBJE). */
export const FACT_PARTS = new Set(['DATE', 'PLAC', 'SOUR', 'NOTE', 'SNOTE', 'OBJE']);

/** What GEDCOM writes for "this happened" without saying more: not a value. */
export const PRESENCE_ONLY = new Set(['Y', 'y']);

/** GEDCOM PEDI (and the FTM/Gramps `_FREL`/`_MREL`) -> the family plugin's pedigree. */
export function pedigreeOf(written: string | undefined): 'birth' | 'adopted' | 'foster' | 'step' | 'unknown' {
  switch (written?.trim().toLowerCase()) {
    case undefined:
    case '':
    case 'birth':
    case 'natural':
    case 'biological':
      return 'birth';
    case 'adopted':
      return 'adopted';
    case 'foster':
      return 'foster';
    case 'step':
      return 'step';
    default:
      return 'unknown';
  }
}
