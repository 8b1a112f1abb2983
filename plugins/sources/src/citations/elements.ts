import { isHttpUrl, type ProblemFieldError } from '@rootline/kernel';
import type { CitationTemplate } from './template.js';

const WHOLE_NUMBER = /^\d+$/;

const field = (name: string, message: string): ProblemFieldError => ({ location: 'body', name: `elements.${name}`, message });

/**
 * What is wrong with a citation's elements for its template: unknown names, required
 * elements left out, and values that do not fit their kind. Dates, persons and places
 * stay free text: genealogical dates ("ABT 1850", "Lady Day 1752") resist stricter forms.
 */
export function elementProblems(template: CitationTemplate, elements: Record<string, string>): ProblemFieldError[] {
  const problems: ProblemFieldError[] = [];
  const declared = new Map(template.elements.map((element) => [element.name, element]));
  for (const name of Object.keys(elements)) {
    if (!declared.has(name)) problems.push(field(name, `is not an element of template ${template.id}`));
  }
  for (const element of template.elements) {
    const value = (elements[element.name] ?? '').trim();
    if (!value) {
      if (element.required) problems.push(field(element.name, `is required by template ${template.id} (${element.label})`));
      continue;
    }
    if (element.kind === 'url' && !isHttpUrl(value)) problems.push(field(element.name, 'must be an http or https address'));
    if (element.kind === 'number' && !WHOLE_NUMBER.test(value)) problems.push(field(element.name, 'must be a whole number'));
  }
  return problems;
}
