import { may, needs, type CitationTemplate } from '../citations/template.js';

/** Official gazettes: notices of naturalization, bankruptcy, honours, probate (Evidence Explained ch. 13). */
export const governmentTemplates: CitationTemplate[] = [
  {
    id: 'government-gazette',
    category: 'government',
    name: 'Government gazette notice',
    description: 'A notice in an official gazette (The London Gazette, Edinburgh Gazette, a colonial gazette).',
    elements: [
      needs('gazette', 'Gazette'),
      needs('place', 'Place of publication', 'place'),
      may('issue', 'Issue number', 'number'),
      needs('date', 'Issue date', 'date'),
      needs('page', 'Page (e.g. p. 3456)', 'page'),
      needs('notice', 'Notice or heading'),
      may('person', 'Person named in the notice', 'person'),
      may('url', 'Address of the online edition', 'url'),
      may('access_date', 'Date you viewed it', 'date'),
    ],
    patterns: {
      first_reference: '*{gazette}* ({place})[, no. {issue}], {date}, {page}, “{notice},”[ entry for {person}][; online edition ({url} : accessed {access_date})].',
      subsequent: '*{gazette}*, {date}, {page}[, {person}].',
      bibliography: '*{gazette}*. {place}.[ Online edition, {url}.]',
      source_list: '*{gazette}*[, no. {issue}], {date}.',
    },
    example: {
      gazette: 'The London Gazette', place: 'London', issue: '31234', date: '14 March 1919', page: 'p. 3456',
      notice: 'Naturalization certificates granted', person: 'Giovanni Rossi', url: 'https://www.thegazette.co.uk', access_date: '6 May 2024',
    },
  },
];
