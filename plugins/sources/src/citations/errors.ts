import { Problems, type ProblemFieldError } from '@rootline/kernel';

/** Problems the citations plugin throws. */
export const CitationProblems = {
  citationNotFound: (id: string) => Problems.notFound(`There is no citation ${id} in this tree`, { extras: { entity: 'citation' } }),
  templateNotFound: (id: string) => Problems.notFound(`There is no citation template ${JSON.stringify(id)}; GET /v1/citation-templates lists them`, { extras: { entity: 'citation-template' } }),
  sourceNotFound: (id: string) => Problems.notFound(`There is no source ${id} in this tree`, { extras: { entity: 'source' } }),
  elementsInvalid: (errors: ProblemFieldError[]) =>
    Problems.validationFailed(errors.map((error) => `${error.name} ${error.message}`).join('; '), { errors }),
  renderNeedsOneSubject: () =>
    Problems.validationFailed('Give either `citation`, or `template` with `elements`, not both and not neither', {
      errors: [{ location: 'body', name: 'citation', message: 'give a citation id, or a template with elements' }],
    }),
  nothingToRenderWith: (id: string) =>
    Problems.validationFailed(`Citation ${id} has no template, so it cannot be rendered in a style`, {
      errors: [{ location: 'body', name: 'citation', message: 'has no template' }],
    }),
};
