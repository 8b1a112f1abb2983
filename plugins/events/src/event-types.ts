/**
 * Event types: the GEDCOM 7 event and attribute tags (individual and family), an extension
 * tag (`_MILT`), or a custom type written `custom:<text>`. Anything else is refused, so a
 * typo (`BIRTH`, `Baptsim`) is caught instead of quietly becoming a type of its own.
 */
export const GEDCOM_TYPES: Record<string, string> = {
  // Individual events
  ADOP: 'Adoption',
  BAPM: 'Baptism',
  BARM: 'Bar mitzvah',
  BASM: 'Bat mitzvah',
  BIRT: 'Birth',
  BLES: 'Blessing',
  BURI: 'Burial',
  CENS: 'Census',
  CHR: 'Christening',
  CHRA: 'Adult christening',
  CONF: 'Confirmation',
  CREM: 'Cremation',
  DEAT: 'Death',
  EMIG: 'Emigration',
  FCOM: 'First communion',
  GRAD: 'Graduation',
  IMMI: 'Immigration',
  NATU: 'Naturalization',
  ORDN: 'Ordination',
  PROB: 'Probate',
  RETI: 'Retirement',
  WILL: 'Will',
  EVEN: 'Event',
  // Family events
  ANUL: 'Annulment',
  DIV: 'Divorce',
  DIVF: 'Divorce filed',
  ENGA: 'Engagement',
  MARB: 'Marriage banns',
  MARC: 'Marriage contract',
  MARL: 'Marriage licence',
  MARR: 'Marriage',
  MARS: 'Marriage settlement',
  // Attributes, which GEDCOM dates and places like events
  CAST: 'Caste',
  DSCR: 'Physical description',
  EDUC: 'Education',
  IDNO: 'Identity number',
  NATI: 'Nationality',
  NCHI: 'Number of children',
  NMR: 'Number of marriages',
  OCCU: 'Occupation',
  PROP: 'Property',
  RELI: 'Religion',
  RESI: 'Residence',
  SSN: 'Social security number',
  TITL: 'Title',
  FACT: 'Fact',
  // Latter-day Saint ordinances
  BAPL: 'LDS baptism',
  CONL: 'LDS confirmation',
  ENDL: 'LDS endowment',
  INIL: 'LDS initiatory',
  SLGC: 'LDS sealing to parents',
  SLGS: 'LDS sealing to spouse',
};

const EXTENSION_TAG = /^_[A-Z0-9_]+$/;
const CUSTOM = /^custom:(.*)$/is;

/**
 * The stored form of a written type: a GEDCOM tag in upper case (`bapm` -> `BAPM`), an
 * extension tag, or `custom:<text>` with its spaces tidied; null when it is none of them.
 */
export function normalizeEventType(written: string): string | null {
  const text = written.trim();
  const custom = CUSTOM.exec(text);
  if (custom) {
    const name = custom[1].trim().replace(/\s+/g, ' ');
    return name === '' ? null : `custom:${name}`;
  }
  const tag = text.toUpperCase();
  if (tag in GEDCOM_TYPES || EXTENSION_TAG.test(tag)) return tag;
  return null;
}

/** What a person reads for a type: `Baptism`, `Apprenticeship` (a custom type), `_MILT` (an extension tag as it is). */
export function eventTypeLabel(type: string): string {
  if (type.startsWith('custom:')) return type.slice('custom:'.length);
  return GEDCOM_TYPES[type] ?? type;
}
