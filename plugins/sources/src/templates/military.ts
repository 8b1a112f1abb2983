import { may, needs, type CitationTemplate } from '../citations/template.js';

/** Military service and pension files (Evidence Explained ch. 11). */
export const militaryTemplates: CitationTemplate[] = [
  {
    id: 'military-service-record',
    category: 'military',
    name: 'Military service record (compiled or individual)',
    description: 'A soldier\'s service record, e.g. a U.S. compiled service record or a British Army service record.',
    elements: [
      needs('person', 'Soldier or sailor', 'person'),
      may('rank', 'Rank'),
      needs('unit', 'Unit (e.g. Co. B, 19th Virginia Infantry)'),
      may('war', 'War or period of service'),
      may('series', 'Series (e.g. Carded Records, Confederate Soldiers)'),
      needs('record_group', 'Record group or class (e.g. Record Group 109; WO 363)'),
      needs('repository', 'Archive (e.g. National Archives, Washington, D.C.)'),
    ],
    patterns: {
      first_reference: 'Service record, {person}, [{rank}, ]{unit}[, {war}]; [{series}; ]{record_group}; {repository}.',
      subsequent: 'Service record, {person}, {unit}.',
      bibliography: '{repository}. {record_group}. Military service records[, {war}].',
      source_list: '{record_group}.[ {series}.] Service records, {unit}. {repository}.',
    },
    example: {
      person: 'John W. Smith', rank: 'Pvt.', unit: 'Co. B, 19th Virginia Infantry', war: 'Civil War',
      series: 'Carded Records, Confederate Soldiers', record_group: 'Record Group 109', repository: 'National Archives, Washington, D.C.',
    },
  },
  {
    id: 'military-pension-file',
    category: 'military',
    name: 'Military pension application file',
    description: 'A pension file (soldier\'s or widow\'s application) and the document in it you used.',
    elements: [
      may('claimant', 'Claimant, if not the soldier (e.g. the widow)', 'person'),
      needs('claim', 'Kind of claim (e.g. widow\'s pension application)'),
      needs('file', 'File or certificate number (e.g. W.1234)'),
      needs('person', 'Soldier whose service is the basis', 'person'),
      may('rank', 'Rank'),
      needs('unit', 'Unit'),
      needs('war', 'War'),
      may('document', 'Document in the file (e.g. affidavit of Mary Smith, 3 May 1890)'),
      needs('record_group', 'Record group or class'),
      needs('repository', 'Archive'),
    ],
    patterns: {
      first_reference: '{claimant|person}, {claim} no. {file}, for service of {person} ([{rank}, ]{unit}, {war})[, {document}]; {record_group}; {repository}.',
      subsequent: '{claimant|person}, {claim} no. {file}[, {document}].',
      bibliography: '{repository}. {record_group}. Pension application files, {war}.',
      source_list: '{record_group}. Pension files, {war}. File no. {file}, {person}. {repository}.',
    },
    example: {
      claimant: 'Mary Smith', claim: 'widow\'s pension application', file: 'W.1234', person: 'John W. Smith', rank: 'Pvt.',
      unit: 'Co. B, 19th Virginia Infantry', war: 'Civil War', document: 'affidavit of Mary Smith, 3 May 1890',
      record_group: 'Record Group 15', repository: 'National Archives, Washington, D.C.',
    },
  },
];
