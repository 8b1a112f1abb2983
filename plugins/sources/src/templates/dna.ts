import { may, needs, type CitationTemplate } from '../citations/template.js';

/** DNA test results and matches (Evidence Explained, 3rd ed., and Mills's QuickSheet on genetic sources). */
export const dnaTemplates: CitationTemplate[] = [
  {
    id: 'dna-test-results',
    category: 'dna',
    name: 'DNA test results or match',
    description: 'A tester\'s results at a testing company, optionally one match; keep kit numbers out of shared citations if privacy asks.',
    elements: [
      needs('company', 'Testing company (e.g. AncestryDNA)'),
      needs('test_type', 'Test (autosomal, Y-DNA 37-marker, mtDNA full sequence)'),
      needs('tester', 'Tester', 'person'),
      may('kit', 'Kit number'),
      may('match', 'Match', 'person'),
      may('shared', 'Shared DNA (e.g. 212 cM across 9 segments)'),
      may('relationship', 'Predicted relationship (e.g. 3rd cousin)'),
      may('url', 'Address', 'url'),
      needs('access_date', 'Date you viewed the results', 'date'),
      may('administrator', 'Who manages the kit, if not the tester', 'person'),
    ],
    patterns: {
      first_reference:
        '{company}, {test_type} DNA test results for {tester}[ (kit {kit})][, match with {match}[, {shared}][, predicted {relationship}]]; results report[, {url}], accessed {access_date}[; administered by {administrator}].',
      subsequent: '{company}, {test_type} DNA results for {tester}[, match with {match}].',
      bibliography: '{company}. DNA test results ({test_type}) for {tester}. Results report[, {url}].[ Administered by {administrator}.]',
      source_list: '{company}. DNA test results for {tester}[, administered by {administrator}].',
    },
    example: {
      company: 'AncestryDNA', test_type: 'autosomal', tester: 'Jane Doe', kit: 'A1B2C3', match: 'Robert Smith', shared: '212 cM across 9 segments',
      relationship: '3rd cousin', url: 'https://www.ancestry.com/dna', access_date: '3 May 2024',
    },
  },
];
