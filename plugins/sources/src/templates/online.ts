import { may, needs, type CitationTemplate } from '../citations/template.js';

/** Online databases and images of records on websites (Evidence Explained ch. 2, "online materials"). */
export const onlineTemplates: CitationTemplate[] = [
  {
    id: 'online-database-entry',
    category: 'online',
    name: 'Online database entry (index or abstract, no image)',
    description: 'An entry in an indexed database on a website: a derivative, to be followed back to the record it cites.',
    elements: [
      needs('database', 'Database title'),
      may('creator', 'Creator or owner of the database, if not the website'),
      needs('website', 'Website'),
      needs('url', 'Address', 'url'),
      needs('access_date', 'Date you viewed it', 'date'),
      needs('person', 'Entry for (person)', 'person'),
      may('detail', 'Detail of the entry (e.g. the event and date)'),
      may('citing', 'What the database cites'),
    ],
    patterns: {
      first_reference: '“{database},” database, *{website}* ({url} : accessed {access_date}), entry for {person}[, {detail}][; citing {citing}].',
      subsequent: '“{database},” entry for {person}.',
      bibliography: '[{creator}. ]“{database}.” Database. *{website}*. {url} : {access_date}.',
      source_list: '“{database}.” Database. *{website}*. {url}.',
    },
    example: {
      database: 'England Births and Christenings, 1538-1975', website: 'FamilySearch', url: 'https://www.familysearch.org',
      access_date: '1 May 2024', person: 'John Smith', detail: 'christened 12 May 1820', citing: 'St. Mary\'s Church, Luton, Bedfordshire',
    },
  },
  {
    id: 'online-record-image',
    category: 'online',
    name: 'Image of a record on a website',
    description: 'A digital image of an original record (deed, register, file) viewed on a website.',
    elements: [
      needs('creator', 'Creator of the record (jurisdiction or office)', 'place'),
      needs('collection', 'Collection (e.g. Deed Books, 1748-1900)'),
      needs('item', 'The item, as you would cite the original (e.g. Deed Book 12: 345, John Smith to William Jones)'),
      needs('website', 'Website'),
      needs('url', 'Address', 'url'),
      needs('access_date', 'Date you viewed it', 'date'),
      may('image', 'Film or image number on the website (e.g. DGS 7891234, image 212)'),
      may('citing', 'Who holds the original, as the website cites it'),
    ],
    patterns: {
      first_reference: '{creator}, {item}; image, *{website}* ({url} : accessed {access_date})[, {image}][; citing {citing}].',
      subsequent: '{creator}, {item}.',
      bibliography: '{creator}. {collection}. Digital images. *{website}*. {url}.',
      source_list: '{creator}. {collection}.[ {citing}.] Digital images, *{website}*.',
    },
    example: {
      creator: 'Albemarle County, Virginia', collection: 'Deed Books, 1748-1900', item: 'Deed Book 12: 345, John Smith to William Jones, 3 March 1810',
      website: 'FamilySearch', url: 'https://www.familysearch.org', access_date: '2 May 2024', image: 'DGS 7891234, image 212',
      citing: 'Albemarle County Circuit Court, Charlottesville',
    },
  },
];
