import { may, needs, type CitationTemplate } from '../citations/template.js';

/** Wills, probate files and deeds: local records kept in record books and packets (Evidence Explained ch. 8). */
export const probateAndLandTemplates: CitationTemplate[] = [
  {
    id: 'will-recorded',
    category: 'probate-and-land',
    name: 'Will, as recorded in a will book',
    description: 'A will copied into the court\'s will book (a recorded copy, hence usually derivative).',
    elements: [
      needs('jurisdiction', 'Jurisdiction of the court (e.g. Albemarle County, Virginia)', 'place'),
      needs('book', 'Book (e.g. Will Book 7)'),
      needs('page', 'Page(s)', 'page'),
      needs('testator', 'Testator', 'person'),
      needs('date_written', 'Date the will was written', 'date'),
      may('date_proved', 'Date proved or recorded', 'date'),
      needs('repository', 'Office or archive that holds the book'),
    ],
    patterns: {
      first_reference: '{jurisdiction}, {book}: {page}, will of {testator}, dated {date_written}[, proved {date_proved}]; {repository}.',
      subsequent: '{jurisdiction}, {book}: {page}, will of {testator}.',
      bibliography: '{jurisdiction}. {book}. {repository}.',
      source_list: '{jurisdiction}. Wills, {book}. {repository}.',
    },
    example: {
      jurisdiction: 'Albemarle County, Virginia', book: 'Will Book 7', page: '123-125', testator: 'William Jones',
      date_written: '4 January 1821', date_proved: '5 March 1821', repository: 'Circuit Court Clerk\'s Office, Charlottesville',
    },
  },
  {
    id: 'probate-estate-file',
    category: 'probate-and-land',
    name: 'Probate estate file (loose papers)',
    description: 'A document in the loose-paper estate file (packet) of a decedent.',
    elements: [
      needs('jurisdiction', 'Jurisdiction of the court', 'place'),
      needs('court', 'Court (e.g. Probate Court)'),
      needs('decedent', 'Decedent', 'person'),
      may('file', 'File or packet number'),
      needs('document', 'Document in the file (e.g. inventory and appraisal)'),
      needs('date', 'Date of the document', 'date'),
      needs('repository', 'Office or archive that holds the file'),
    ],
    patterns: {
      first_reference: '{jurisdiction}, {court}, estate file of {decedent}[, file no. {file}], {document}, {date}; {repository}.',
      subsequent: '{jurisdiction}, estate file of {decedent}, {document}.',
      bibliography: '{jurisdiction}. {court}. Estate files. {repository}.',
      source_list: '{jurisdiction}. {court}. Estate file of {decedent}[, no. {file}]. {repository}.',
    },
    example: {
      jurisdiction: 'Worcester County, Massachusetts', court: 'Probate Court', decedent: 'Ebenezer Howe', file: '31452',
      document: 'inventory and appraisal', date: '18 October 1798', repository: 'Massachusetts Archives, Boston',
    },
  },
  {
    id: 'land-deed-recorded',
    category: 'probate-and-land',
    name: 'Land deed, as recorded in a deed book',
    description: 'A deed of conveyance as recorded in the register\'s deed book.',
    elements: [
      needs('jurisdiction', 'Jurisdiction of the recording office', 'place'),
      needs('book', 'Book (e.g. Deed Book 12)'),
      needs('page', 'Page(s)', 'page'),
      needs('grantor', 'Grantor (seller)', 'person'),
      needs('grantee', 'Grantee (buyer)', 'person'),
      needs('date', 'Date of the deed', 'date'),
      may('date_recorded', 'Date recorded', 'date'),
      needs('repository', 'Office or archive that holds the book'),
    ],
    patterns: {
      first_reference: '{jurisdiction}, {book}: {page}, {grantor} to {grantee}, deed, {date}[, recorded {date_recorded}]; {repository}.',
      subsequent: '{jurisdiction}, {book}: {page}, {grantor} to {grantee}.',
      bibliography: '{jurisdiction}. {book}. {repository}.',
      source_list: '{jurisdiction}. Deeds, {book}. {repository}.',
    },
    example: {
      jurisdiction: 'Albemarle County, Virginia', book: 'Deed Book 12', page: '345', grantor: 'John Smith', grantee: 'William Jones',
      date: '3 March 1810', date_recorded: '9 April 1810', repository: 'Circuit Court Clerk\'s Office, Charlottesville',
    },
  },
];
