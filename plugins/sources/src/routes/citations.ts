import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@rootline/kernel';
import { CitationDto, CitationParams, CreateCitationBody, SetElementsBody, SetSourceTypeBody } from '../citations/schemas.js';

/** `POST {P}/citations`, `PUT {P}/citations/{id}/elements`, `PUT {P}/citations/{id}/source-type`. */
export async function citationsRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();

  route.post('/citations', {
    config: { humanOnly: false },
    schema: {
      summary: 'Create a citation with typed elements',
      description: 'With a `template`, the elements are checked against it (unknown names, missing required elements and ill-typed values are 400 with `errors[]`) and the citation carries its renderings. Without one, the elements are free-form. An unknown `source` or `template` is 404.',
      tags: ['citations'],
      body: CreateCitationBody,
      response: { 200: CitationDto },
      'x-problems': [404],
    },
  }, async (request) => request.diScope.cradle.citationsService.create(request.actor, request.body));

  route.put('/citations/:id/elements', {
    config: { humanOnly: false },
    schema: {
      summary: 'Replace the elements of a citation',
      description: 'Answers 200 with the citation as it now stands: in this version the elements are stored and re-rendered at once, in the same transaction. The spec reserves 202 for a later version in which re-rendering everything that quotes a much-cited citation would run as a background job; this version never answers 202.',
      tags: ['citations'],
      params: CitationParams,
      body: SetElementsBody,
      response: { 200: CitationDto },
      'x-problems': [404],
    },
  }, async (request) => request.diScope.cradle.citationsService.setElements(request.actor, request.params.id, request.body.elements));

  route.put('/citations/:id/source-type', {
    config: { humanOnly: false },
    schema: {
      summary: 'Record what kind of record the cited source is',
      description: 'Evidence Explained classes: `original` (the first record of an event), `derivative` (abstract, transcript, index, recorded copy) or `authored` (a compiled or narrative work). Setting the value it already has is a 200 no-op.',
      tags: ['citations'],
      params: CitationParams,
      body: SetSourceTypeBody,
      response: { 200: CitationDto },
      'x-problems': [404],
    },
  }, async (request) => request.diScope.cradle.citationsService.setSourceType(request.actor, request.params.id, request.body.source_type));
}
