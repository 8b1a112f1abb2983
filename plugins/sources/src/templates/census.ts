import { may, needs, type CitationTemplate } from '../citations/template.js';

/** Census enumerations: U.S. federal, England/Wales/Scotland, Ireland (Evidence Explained ch. 6). */
export const censusTemplates: CitationTemplate[] = [
  {
    id: 'us-federal-census-population',
    category: 'census',
    name: 'U.S. federal census, population schedule (image online)',
    description: 'One household on a population schedule of a U.S. federal census, seen as an image on a website.',
    elements: [
      needs('year', 'Census year', 'number'),
      needs('state', 'State or territory', 'place'),
      needs('county', 'County, as named (e.g. Albemarle County, Orleans Parish)', 'place'),
      needs('civil_division', 'Town, township or other civil division', 'place'),
      may('enumeration_district', 'Enumeration district (1880 on)'),
      needs('sheet', 'Sheet or page, as numbered (e.g. sheet 3A, p. 12)', 'page'),
      may('dwelling', 'Dwelling number', 'number'),
      may('family', 'Family number', 'number'),
      needs('person', 'Person or head of household', 'person'),
      needs('website', 'Website that shows the image'),
      may('url', 'Address of the website', 'url'),
      may('access_date', 'Date you viewed the image', 'date'),
      may('film', 'What the website cites (e.g. NARA microfilm publication T623, roll 1700)'),
    ],
    patterns: {
      first_reference:
        '{year} U.S. census, {county}, {state}, population schedule, {civil_division}, [enumeration district (ED) {enumeration_district}, ]{sheet}, [dwelling {dwelling}, ][family {family}, ]{person}; image, *{website}*[ ({url} : accessed {access_date})][; citing {film}].',
      subsequent: '{year} U.S. census, {county}, {state}, pop. sch., {civil_division}, [ED {enumeration_district}, ]{sheet}, {person}.',
      bibliography: '{state}. {county}. {year} U.S. census, population schedule. Digital images. *{website}*.[ {url}.]',
      source_list: '{state}. {county}. {year} U.S. census, population schedule.[ {film}.] Images, *{website}*.',
    },
    example: {
      year: '1900', state: 'Virginia', county: 'Albemarle County', civil_division: 'Charlottesville', enumeration_district: '5',
      sheet: 'sheet 3A', dwelling: '45', family: '47', person: 'John W. Smith', website: 'Ancestry',
      url: 'https://www.ancestry.com', access_date: '12 March 2024', film: 'NARA microfilm publication T623, roll 1700',
    },
  },
  {
    id: 'uk-census-enumeration',
    category: 'census',
    name: 'Census of England, Wales or Scotland (enumerators\' book)',
    description: 'One household in an enumerators\' book of a British census, 1841-1921, cited by TNA or NRS piece reference.',
    elements: [
      needs('year', 'Census year', 'number'),
      needs('country', 'Country (England, Wales, Scotland)', 'place'),
      needs('county', 'County', 'place'),
      needs('parish', 'Civil parish or registration district', 'place'),
      needs('piece', 'Class and piece reference (e.g. RG 11/1632)'),
      may('folio', 'Folio', 'page'),
      needs('page', 'Page, as numbered (e.g. p. 12)', 'page'),
      may('schedule', 'Household schedule number', 'number'),
      needs('person', 'Head of household', 'person'),
      needs('repository', 'Archive holding the original (e.g. The National Archives, Kew)'),
      may('website', 'Website that shows the image'),
      may('url', 'Address of the website', 'url'),
      may('access_date', 'Date you viewed the image', 'date'),
    ],
    patterns: {
      first_reference:
        '{year} census of {country}, {county}, {parish}, [folio {folio}, ]{page}, [schedule {schedule}, ]household of {person}[; image, *{website}*[ ({url} : accessed {access_date})]]; citing {repository}, {piece}.',
      subsequent: '{year} census of {country}, {parish}, {piece}, [folio {folio}, ]{page}, household of {person}.',
      bibliography: '{country}. {county}. {year} census.[ Images, *{website}*.] {repository}.',
      source_list: '{country}. {county}. {parish}. {year} census, enumerators\' books. {repository}, {piece}.',
    },
    example: {
      year: '1881', country: 'England', county: 'Bedfordshire', parish: 'Luton', piece: 'RG 11/1632', folio: '34', page: 'p. 12',
      schedule: '61', person: 'Thomas Smith', repository: 'The National Archives, Kew', website: 'Findmypast',
      url: 'https://www.findmypast.co.uk', access_date: '3 May 2024',
    },
  },
  {
    id: 'ireland-census-return',
    category: 'census',
    name: 'Census of Ireland, 1901 or 1911 (household return)',
    description: 'A household return of the 1901 or 1911 census of Ireland, as published online by the National Archives of Ireland.',
    elements: [
      needs('year', 'Census year (1901 or 1911)', 'number'),
      needs('county', 'County (e.g. County Cork)', 'place'),
      needs('ded', 'District Electoral Division', 'place'),
      needs('townland', 'Townland or street', 'place'),
      may('house', 'House number', 'number'),
      needs('person', 'Head of household', 'person'),
      may('url', 'Address of the website', 'url'),
      may('access_date', 'Date you viewed the return', 'date'),
    ],
    patterns: {
      first_reference:
        '{year} census of Ireland, {county}, {ded} District Electoral Division, {townland}, [house {house}, ]household of {person}; National Archives of Ireland, *Census of Ireland 1901/1911*[ ({url} : accessed {access_date})].',
      subsequent: '{year} census of Ireland, {county}, {ded}, {townland}, household of {person}.',
      bibliography: 'Ireland. {county}. {year} census, household returns. National Archives of Ireland, Dublin. *Census of Ireland 1901/1911*.[ {url}.]',
      source_list: 'Ireland. {county}. {ded} District Electoral Division. {year} census, household returns. National Archives of Ireland, Dublin.',
    },
    example: {
      year: '1911', county: 'County Cork', ded: 'Kinsale Urban', townland: 'Main Street', house: '12', person: 'Mary O\'Brien',
      url: 'http://www.census.nationalarchives.ie', access_date: '3 May 2024',
    },
  },
];
