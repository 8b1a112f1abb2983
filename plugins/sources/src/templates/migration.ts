import { may, needs, type CitationTemplate } from '../citations/template.js';

/** Passenger lists and naturalization (Evidence Explained ch. 11, "National Government Records"). */
export const migrationTemplates: CitationTemplate[] = [
  {
    id: 'passenger-list',
    category: 'migration',
    name: 'Passenger list (ship manifest)',
    description: 'A passenger\'s line on an arrival or departure manifest, from film or online images.',
    elements: [
      needs('ship', 'Ship (e.g. SS Arabic)'),
      may('departure_port', 'Port of departure', 'place'),
      needs('arrival_port', 'Port of arrival', 'place'),
      needs('date', 'Date of arrival', 'date'),
      may('page', 'Page or sheet', 'page'),
      may('line', 'Line', 'number'),
      needs('person', 'Passenger', 'person'),
      needs('publication', 'Film or archive reference (e.g. NARA microfilm publication T715, roll 583)'),
      may('website', 'Website that shows the image'),
      may('url', 'Address of the website', 'url'),
      may('access_date', 'Date you viewed the image', 'date'),
    ],
    patterns: {
      first_reference:
        'Manifest, {ship}[, from {departure_port}], arriving {arrival_port}, {date}, [{page}, ][line {line}, ]{person}; {publication}[; image, *{website}*[ ({url} : accessed {access_date})]].',
      subsequent: 'Manifest, {ship}, {date}, {person}.',
      bibliography: '{arrival_port}. Passenger lists. {publication}.[ Images, *{website}*.]',
      source_list: '{arrival_port}. Passenger manifests, {ship}, {date}. {publication}.',
    },
    example: {
      ship: 'SS Arabic', departure_port: 'Liverpool', arrival_port: 'New York', date: '12 June 1905', page: 'p. 14', line: '6',
      person: 'Giovanni Rossi', publication: 'NARA microfilm publication T715, roll 583', website: 'Ancestry',
      url: 'https://www.ancestry.com', access_date: '1 May 2024',
    },
  },
  {
    id: 'naturalization-record',
    category: 'migration',
    name: 'Naturalization record (declaration, petition or certificate)',
    description: 'A declaration of intention, petition or certificate of naturalization in a court\'s volumes.',
    elements: [
      needs('court', 'Court (e.g. Court of Common Pleas)'),
      needs('jurisdiction', 'Jurisdiction of the court', 'place'),
      needs('record', 'Kind of record (e.g. Declarations of Intention)'),
      may('volume', 'Volume'),
      may('page', 'Page', 'page'),
      may('number', 'Declaration, petition or certificate number'),
      needs('person', 'Person naturalized', 'person'),
      needs('date', 'Date', 'date'),
      needs('repository', 'Archive'),
    ],
    patterns: {
      first_reference: '{court} ({jurisdiction}), {record}[, vol. {volume}][, p. {page}][, no. {number}], {person}, {date}; {repository}.',
      subsequent: '{court} ({jurisdiction}), {record}, [no. {number}, ]{person}.',
      bibliography: '{jurisdiction}. {court}. Naturalization records. {repository}.',
      source_list: '{jurisdiction}. {court}. {record}[, vol. {volume}]. {repository}.',
    },
    example: {
      court: 'Court of Common Pleas', jurisdiction: 'Philadelphia County, Pennsylvania', record: 'Declarations of Intention', volume: '12',
      page: '45', number: '3456', person: 'Giovanni Rossi', date: '3 March 1910', repository: 'Pennsylvania State Archives, Harrisburg',
    },
  },
];
