import { may, needs, type CitationTemplate, type TemplateElement } from '../citations/template.js';

/**
 * Civil registration of births, marriages and deaths (Evidence Explained ch. 9). The three
 * differ only in the event and who it is about, so they are built from one shape.
 */
function civilRegistration(event: 'birth' | 'marriage' | 'death', parties: { pattern: string; elements: TemplateElement[] }, example: Record<string, string>): CitationTemplate {
  return {
    id: `civil-${event}-registration`,
    category: 'civil-registration',
    name: `Civil registration of a ${event} (register entry or certificate)`,
    description: `A ${event} registered by the civil authority, cited from the register or from a certified copy (certificate).`,
    elements: [
      needs('jurisdiction', 'Jurisdiction, largest last or as the register names it (e.g. England, Bedfordshire, Luton registration district)', 'place'),
      ...parties.elements,
      needs('date', `Date of the ${event}`, 'date'),
      may('volume', 'Volume'),
      may('page', 'Page', 'page'),
      may('entry', 'Entry or certificate number'),
      may('form', 'Form you used (e.g. certified copy of an entry of birth)'),
      needs('repository', 'Office or archive that holds the register'),
    ],
    patterns: {
      first_reference: `{jurisdiction}, ${event} registration of ${parties.pattern} ({date})[, vol. {volume}][, p. {page}][, no. {entry}]; [{form}, ]{repository}.`,
      subsequent: `{jurisdiction}, ${event} reg., ${parties.pattern}[, no. {entry}].`,
      bibliography: `{jurisdiction}. Civil registration, ${event}s. {repository}.`,
      source_list: `{jurisdiction}. ${event[0].toUpperCase()}${event.slice(1)} registers[, vol. {volume}]. {repository}.`,
    },
    example,
  };
}

const person = { pattern: '{person}', elements: [needs('person', 'Person registered', 'person')] };
const couple = { pattern: '{groom} and {bride}', elements: [needs('groom', 'First party (groom)', 'person'), needs('bride', 'Second party (bride)', 'person')] };

export const civilRegistrationTemplates: CitationTemplate[] = [
  civilRegistration('birth', person, {
    jurisdiction: 'England, Bedfordshire, Luton registration district', person: 'Alice Smith', date: '3 May 1890', volume: '3b',
    page: '512', entry: '241', form: 'certified copy of an entry of birth', repository: 'General Register Office, Southport',
  }),
  civilRegistration('marriage', couple, {
    jurisdiction: 'Scotland, Glasgow, Blythswood district', groom: 'James McLeod', bride: 'Agnes Shaw', date: '14 June 1895',
    entry: '318', repository: 'National Records of Scotland, Edinburgh',
  }),
  civilRegistration('death', person, {
    jurisdiction: 'Virginia, Albemarle County', person: 'John W. Smith', date: '2 February 1912', entry: '4521',
    form: 'death certificate', repository: 'Virginia Department of Health, Richmond',
  }),
];
