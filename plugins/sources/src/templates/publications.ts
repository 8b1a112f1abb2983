import { may, needs, type CitationTemplate } from '../citations/template.js';

/** Published works: directories, newspapers, books, journal articles (Evidence Explained ch. 12-14). */
const online = [may('website', 'Website that shows the image'), may('url', 'Address of the website', 'url'), may('access_date', 'Date you viewed it', 'date')];
const author = [
  needs('author', 'Author, as on the title page', 'person'),
  may('author_inverted', 'Author for a bibliography, surname first where your culture puts it so (e.g. Jacobus, Donald Lines)', 'person'),
  may('author_short', 'Author for short notes (e.g. Jacobus)', 'person'),
];

export const publicationTemplates: CitationTemplate[] = [
  {
    id: 'city-directory',
    category: 'publications',
    name: 'City directory entry',
    description: 'A person\'s entry in a published city or trade directory.',
    elements: [
      needs('title', 'Directory title, with its year'),
      needs('place', 'Place of publication', 'place'),
      needs('publisher', 'Publisher'),
      needs('year', 'Year of publication', 'number'),
      needs('page', 'Page', 'page'),
      needs('person', 'Person listed', 'person'),
      ...online,
    ],
    patterns: {
      first_reference: '*{title}* ({place}: {publisher}, {year}), {page}, entry for {person}[; image, *{website}*[ ({url} : accessed {access_date})]].',
      subsequent: '*{title}*, {page}, {person}.',
      bibliography: '*{title}*. {place}: {publisher}, {year}.[ Images, *{website}*.]',
      source_list: '*{title}*. {place}: {publisher}, {year}.',
    },
    example: {
      title: 'Polk\'s Richmond City Directory, 1910', place: 'Richmond', publisher: 'R. L. Polk', year: '1910', page: '345',
      person: 'John W. Smith', website: 'Ancestry', url: 'https://www.ancestry.com', access_date: '4 May 2024',
    },
  },
  {
    id: 'newspaper-article',
    category: 'publications',
    name: 'Newspaper article or notice',
    description: 'An article, obituary or notice in a newspaper, from the paper, film or an online image.',
    elements: [
      may('author', 'Author, if named', 'person'),
      needs('headline', 'Headline or title of the item'),
      needs('newspaper', 'Newspaper title'),
      needs('place', 'Place of publication', 'place'),
      needs('date', 'Issue date', 'date'),
      needs('page', 'Page (e.g. p. 2)', 'page'),
      may('column', 'Column', 'number'),
      ...online,
    ],
    patterns: {
      first_reference: '[{author}, ]“{headline},” *{newspaper}* ({place}), {date}, {page}[, col. {column}][; image, *{website}*[ ({url} : accessed {access_date})]].',
      subsequent: '“{headline},” *{newspaper}*, {date}, {page}.',
      bibliography: '[{author}. ]“{headline}.” *{newspaper}* ({place}), {date}.',
      source_list: '*{newspaper}*. {place}.[ Images, *{website}*.]',
    },
    example: {
      headline: 'Died', newspaper: 'Richmond Enquirer', place: 'Richmond, Virginia', date: '12 May 1850', page: 'p. 2', column: '3',
      website: 'Chronicling America', url: 'https://chroniclingamerica.loc.gov', access_date: '5 May 2024',
    },
  },
  {
    id: 'book',
    category: 'publications',
    name: 'Book (printed or as a digital edition)',
    description: 'A published book: compiled genealogy, local history, abstracts or transcriptions.',
    elements: [
      ...author,
      needs('title', 'Title'),
      may('short_title', 'Short title for subsequent notes'),
      may('edition', 'Edition (e.g. 2nd ed.)'),
      needs('place', 'Place of publication', 'place'),
      needs('publisher', 'Publisher'),
      needs('year', 'Year of publication', 'number'),
      needs('page', 'Page(s) cited', 'page'),
    ],
    patterns: {
      first_reference: '{author}, *{title}*[, {edition}] ({place}: {publisher}, {year}), {page}.',
      subsequent: '{author_short|author}, *{short_title|title}*, {page}.',
      bibliography: '{author_inverted|author}. *{title}*.[ {edition}.] {place}: {publisher}, {year}.',
      source_list: '{author_inverted|author}. *{title}*.[ {edition}.] {place}: {publisher}, {year}.',
    },
    example: {
      author: 'Donald Lines Jacobus', author_inverted: 'Jacobus, Donald Lines', author_short: 'Jacobus',
      title: 'History and Genealogy of the Families of Old Fairfield', short_title: 'Families of Old Fairfield',
      place: 'New Haven', publisher: 'Tuttle, Morehouse & Taylor', year: '1930', page: '212',
    },
  },
  {
    id: 'journal-article',
    category: 'publications',
    name: 'Journal article',
    description: 'An article in a genealogical or historical journal.',
    elements: [
      ...author,
      needs('article', 'Article title'),
      may('short_title', 'Short title for subsequent notes'),
      needs('journal', 'Journal'),
      needs('volume', 'Volume', 'number'),
      needs('issue_date', 'Issue date (e.g. June 2011)', 'date'),
      may('pages', 'Pages of the whole article (for the bibliography)', 'page'),
      needs('page', 'Page(s) cited', 'page'),
    ],
    patterns: {
      first_reference: '{author}, “{article},” *{journal}* {volume} ({issue_date}): {page}.',
      subsequent: '{author_short|author}, “{short_title|article},” {page}.',
      bibliography: '{author_inverted|author}. “{article}.” *{journal}* {volume} ({issue_date})[: {pages}].',
      source_list: '{author_inverted|author}. “{article}.” *{journal}* {volume} ({issue_date})[: {pages}].',
    },
    example: {
      author: 'Thomas W. Jones', author_inverted: 'Jones, Thomas W.', author_short: 'Jones', article: 'The Three Faces of Ann',
      short_title: 'Three Faces', journal: 'National Genealogical Society Quarterly', volume: '99', issue_date: 'June 2011', pages: '81-99', page: '85',
    },
  },
];
