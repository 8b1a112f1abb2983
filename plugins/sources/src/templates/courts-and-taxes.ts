import { may, needs, type CitationTemplate } from '../citations/template.js';

/** Court minutes and order books, and tax lists (Evidence Explained ch. 8 and 9). */
export const courtsAndTaxesTemplates: CitationTemplate[] = [
  {
    id: 'court-order-book',
    category: 'courts-and-taxes',
    name: 'Court minute or order book entry',
    description: 'An entry about a case or a person in a court\'s minute book or order book.',
    elements: [
      needs('jurisdiction', 'Jurisdiction of the court', 'place'),
      needs('court', 'Court (e.g. County Court, Quarter Sessions)'),
      needs('book', 'Book (e.g. Order Book 1821-1824)'),
      needs('page', 'Page(s)', 'page'),
      needs('case', 'Case or matter (e.g. Smith v. Jones)'),
      needs('date', 'Date of the session or entry', 'date'),
      needs('repository', 'Office or archive that holds the book'),
    ],
    patterns: {
      first_reference: '{jurisdiction}, {court}, {book}, {page}, {case}, {date}; {repository}.',
      subsequent: '{jurisdiction}, {court}, {book}, {page}.',
      bibliography: '{jurisdiction}. {court}. {book}. {repository}.',
      source_list: '{jurisdiction}. {court}. Minutes and orders, {book}. {repository}.',
    },
    example: {
      jurisdiction: 'Albemarle County, Virginia', court: 'County Court', book: 'Order Book 1821-1824', page: 'p. 212',
      case: 'Smith v. Jones', date: '6 August 1822', repository: 'Library of Virginia, Richmond',
    },
  },
  {
    id: 'tax-list',
    category: 'courts-and-taxes',
    name: 'Tax list or assessment roll entry',
    description: 'A person\'s entry on a tax list, tithable list or assessment roll for one year.',
    elements: [
      needs('jurisdiction', 'Jurisdiction that levied the tax', 'place'),
      needs('year', 'Tax year', 'number'),
      needs('list', 'List, as titled (e.g. personal property tax list, land tax assessment)'),
      may('district', 'District or hundred', 'place'),
      may('page', 'Page', 'page'),
      needs('person', 'Person taxed', 'person'),
      needs('repository', 'Archive that holds the list'),
      may('reference', 'Film or archive reference'),
    ],
    patterns: {
      first_reference: '{jurisdiction}, {year} {list}, [{district}, ][p. {page}, ]entry for {person}; {repository}[, {reference}].',
      subsequent: '{jurisdiction}, {year} {list}, [p. {page}, ]{person}.',
      bibliography: '{jurisdiction}. Tax lists. {repository}.',
      source_list: '{jurisdiction}. {year} {list}[, {district}]. {repository}[, {reference}].',
    },
    example: {
      jurisdiction: 'Albemarle County, Virginia', year: '1820', list: 'personal property tax list', district: 'St. Anne\'s Parish',
      page: '14', person: 'John Smith', repository: 'Library of Virginia, Richmond', reference: 'microfilm reel 12',
    },
  },
];
