import { may, needs, type CitationTemplate, type TemplateElement } from '../citations/template.js';

/**
 * Church registers of baptisms, marriages and burials (Evidence Explained ch. 7): the
 * three share a shape, differing in the rite and who it concerns.
 */
function churchRegister(rite: 'baptism' | 'marriage' | 'burial', parties: { pattern: string; elements: TemplateElement[] }, example: Record<string, string>): CitationTemplate {
  return {
    id: `church-${rite}-register`,
    category: 'church-registers',
    name: `Church register, ${rite}`,
    description: `An entry of a ${rite} in a parish or congregation register, original or filmed.`,
    elements: [
      needs('church', 'Church or parish (e.g. St. Mary\'s Church)'),
      needs('place', 'Place of the church', 'place'),
      needs('register', 'Register, as titled (e.g. Baptisms 1813-1840)'),
      may('page', 'Page', 'page'),
      may('entry', 'Entry number', 'number'),
      ...parties.elements,
      needs('date', `Date of the ${rite}`, 'date'),
      needs('repository', 'Archive or church that holds the register'),
      may('reference', 'Archive reference or film number'),
    ],
    patterns: {
      first_reference: `{church} ({place}), {register}, [p. {page}, ][no. {entry}, ]${rite} of ${parties.pattern}, {date}; {repository}[, {reference}].`,
      subsequent: `{church} ({place}), {register}, [p. {page}, ]${rite} of ${parties.pattern}.`,
      bibliography: `{place}. {church}. {register}. {repository}.`,
      source_list: `{place}. {church}. Parish registers, {register}. {repository}[, {reference}].`,
    },
    example,
  };
}

const person = (label: string) => ({ pattern: '{person}', elements: [needs('person', label, 'person')] });
const couple = { pattern: '{groom} and {bride}', elements: [needs('groom', 'First party (groom)', 'person'), needs('bride', 'Second party (bride)', 'person')] };

export const churchRegisterTemplates: CitationTemplate[] = [
  churchRegister('baptism', person('Person baptized'), {
    church: 'St. Mary\'s Church', place: 'Luton, Bedfordshire', register: 'Baptisms 1813-1840', page: '45', entry: '357', person: 'John Smith',
    date: '12 May 1820', repository: 'Bedfordshire Archives, Bedford', reference: 'P 72/1/5',
  }),
  churchRegister('marriage', couple, {
    church: 'St. Finbarr\'s Cathedral', place: 'Cork, County Cork', register: 'Marriages 1845-1880', page: '112', groom: 'Patrick Walsh',
    bride: 'Honora Daly', date: '8 February 1862', repository: 'Representative Church Body Library, Dublin',
  }),
  churchRegister('burial', person('Person buried'), {
    church: 'Holy Trinity Church', place: 'Stratford-upon-Avon, Warwickshire', register: 'Burials 1813-1850', entry: '1024',
    person: 'Sarah Hathaway', date: '3 March 1841', repository: 'Shakespeare Birthplace Trust, Stratford-upon-Avon', reference: 'DR 243/12',
  }),
];
