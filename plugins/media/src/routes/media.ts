import type { FastifyInstance } from 'fastify';
import { sendJson, type TypeBoxTypeProvider } from '@rootline/kernel';
import { Type } from '@sinclair/typebox';
import { MediaDetailDto, MediaDto, MediaParams, MediaQuery, ResolveBody, ResolveResult, UnresolvedMediaDto } from '../schemas.js';
import { detail, known, mediaLinkRoutes } from './links.js';

/**
 * `GET {P}/media?attached_to=`, `GET {P}/media/unresolved`, `GET {P}/media/{id}`,
 * `POST {P}/media/{id}/resolve`; making one by hand and linking it: `./links.ts`.
 */
export async function mediaRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();
  await mediaLinkRoutes(app);

  route.get('/media/unresolved', {
    config: { humanOnly: false },
    schema: {
      summary: 'Media objects still waiting for their bytes',
      description: 'All of them in one response, oldest first. Only file names: no folder is reported or accepted.',
      tags: ['media'],
      response: { 200: UnresolvedMediaDto },
    },
  }, async (request, reply) => sendJson(reply, request.diScope.cradle.unresolvedMediaList.json()));

  route.get('/media', {
    config: { humanOnly: false },
    schema: {
      summary: 'The media objects attached to one citation, source, claim, event or relationship',
      description: 'Oldest link first, all of them in one answer (what one structure holds: the scans of a record page, a source\'s title page). '
        + 'An id nothing is attached to (or no entity at all) gives an empty array.',
      tags: ['media'],
      querystring: MediaQuery,
      response: { 200: Type.Array(MediaDto, { description: 'The media objects attached there, oldest link first' }) },
    },
  }, async (request) => request.diScope.cradle.mediaLinksReader.attachedTo(request.query.attached_to));

  route.get('/media/:id', {
    config: { humanOnly: false },
    schema: {
      summary: 'One media object, with whom it depicts and what it is attached to',
      tags: ['media'],
      params: MediaParams,
      response: { 200: MediaDetailDto },
      'x-problems': [404],
    },
  }, async (request) => {
    known(request, request.params.id);
    return detail(request, request.params.id);
  });

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
