import { may, needs, type CitationTemplate } from '../citations/template.js';

/** Gravestones and cemetery office records (Evidence Explained ch. 5). */
export const cemeteryTemplates: CitationTemplate[] = [
  {
    id: 'gravestone',
    category: 'cemeteries',
    name: 'Gravestone or grave marker',
    description: 'The inscription on a grave marker, as read or photographed in the cemetery.',
    elements: [
      needs('cemetery', 'Cemetery or churchyard'),
      needs('place', 'Place of the cemetery', 'place'),
      needs('person', 'Person named on the marker', 'person'),
      may('plot', 'Section, row or plot'),
      may('visit_date', 'Date read or photographed', 'date'),
      may('recorder', 'Who read or photographed it', 'person'),
    ],
    patterns: {
      first_reference: '{cemetery} ({place}), {person} gravestone[, {plot}][; read {visit_date}[ by {recorder}]].',
      subsequent: '{cemetery}, {person} gravestone.',
      bibliography: '{place}. {cemetery}. Gravestone inscriptions.',
      source_list: '{place}. {cemetery}. Gravestone inscriptions.[ Read {visit_date}[ by {recorder}].]',
    },
    example: {
      cemetery: 'Rothesay Road Cemetery', place: 'Luton, Bedfordshire', person: 'Thomas Smith', plot: 'section B, row 4',
      visit_date: '12 June 2023', recorder: 'Jane Doe',
    },
  },
  {
    id: 'cemetery-interment-record',
    category: 'cemeteries',
    name: 'Cemetery office or sexton\'s interment record',
    description: 'An entry in the interment register kept by a cemetery office or sexton.',
    elements: [
      needs('cemetery', 'Cemetery'),
      needs('place', 'Place of the cemetery', 'place'),
      needs('register', 'Register (e.g. Interment Register 1880-1905)'),
      may('page', 'Page', 'page'),
      needs('person', 'Person interred', 'person'),
      needs('date', 'Date of interment', 'date'),
      needs('custodian', 'Who holds the register'),
    ],
    patterns: {
      first_reference: '{cemetery} ({place}), {register}, [p. {page}, ]interment of {person}, {date}; {custodian}.',
      subsequent: '{cemetery}, {register}, {person}.',
      bibliography: '{place}. {cemetery}. {register}. {custodian}.',
      source_list: '{place}. {cemetery}. Interment records, {register}. {custodian}.',
    },
    example: {
      cemetery: 'Oakwood Cemetery', place: 'Richmond, Virginia', register: 'Interment Register 1880-1905', page: '77',
      person: 'Mary Smith', date: '5 January 1899', custodian: 'Richmond Department of Parks, Cemetery Office',
    },
  },
];
