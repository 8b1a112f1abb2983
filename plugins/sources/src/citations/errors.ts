import { Problems, entityNotFound, type ProblemFieldError } from '@rootline/kernel';

/** Problems of citations, templates and rendering (an unknown source is `SourceProblems.sourceNotFound`). */
export const CitationProblems = {
  citationNotFound: (id: string) => entityNotFound('citation', id),
  templateNotFound: (id: string) => Problems.notFound(`There is no citation template ${JSON.stringify(id)}; GET /v1/citation-templates lists them`, { extras: { entity: 'citation-template' } }),
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
