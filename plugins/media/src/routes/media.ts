import type { FastifyInstance } from 'fastify';
import { sendJson, type TypeBoxTypeProvider } from '@rootline/kernel';
import { MediaDto, MediaParams, ResolveBody, ResolveResult, UnresolvedMediaDto } from '../schemas.js';
import { MediaProblems } from '../errors.js';

/** `GET {P}/media/unresolved`, `GET {P}/media/{id}`, `POST {P}/media/{id}/resolve`. */
export async function mediaRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();

  route.get('/media/unresolved', {
    config: { humanOnly: false },
    schema: {
      summary: 'Media objects still waiting for their bytes',
      description: 'All of them in one response, oldest first. Only file names: no folder is reported or accepted.',
      tags: ['media'],
      response: { 200: UnresolvedMediaDto },
    },
  }, async (request, reply) => sendJson(reply, request.diScope.cradle.unresolvedMediaList.json()));

  route.get('/media/:id', {
    config: { humanOnly: false },
    schema: { summary: 'One media object', tags: ['media'], params: MediaParams, response: { 200: MediaDto }, 'x-problems': [404] },
  }, async (request) => request.diScope.cradle.mediaService.get(request.params.id) ?? Promise.reject(MediaProblems.mediaNotFound(request.params.id)));

  route.post('/media/:id/resolve', {
    config: { humanOnly: false },
    schema: {
      summary: 'Give a media object its bytes: an uploaded blob of this tree',
      description: 'Unresolved -> `resolved`. Resolved with the same blob -> `already_resolved` (nothing changes). '
        + 'Resolved with another blob -> `resolved` (a correction, recorded). Unknown media or a blob not in this tree: 404.',
      tags: ['media'],
      params: MediaParams,
      body: ResolveBody,
      response: { 200: ResolveResult },
      'x-problems': [404],
    },
  }, async (request) => request.diScope.cradle.mediaService.resolve(request.params.id, request.body.blob));
}
