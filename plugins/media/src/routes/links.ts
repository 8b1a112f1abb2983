import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Problems, type TypeBoxTypeProvider } from '@rootline/kernel';
import { AttachmentBody, AttachmentParams, DepictionBody, DepictionParams, MediaDetailDto, MediaDto, MediaParams, NewMediaBody } from '../schemas.js';
import { MediaProblems } from '../errors.js';

const tags = ['media'];

/**
 * A media object made by hand from an uploaded blob, and its links made and taken away by hand:
 * whom it depicts (a persona), what it is attached to (a citation, source, claim, event,
 * relationship). Before (media 0.1.13) only a GEDCOM import made and linked media objects.
 * A link answers the object as `GET {P}/media/{id}` shows it: 201 when the link is new, 200
 * when it was there (nothing written); taking one away that is not there is 404.
 */
export async function mediaLinkRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();

  route.post('/media', {
    config: { humanOnly: false },
    schema: {
      summary: 'Make a media object of an uploaded blob (a photo, the scan of a record page)',
      description: 'Resolved at once: the bytes are the blob\'s. `file_name` is what exports write as FILE (only its last segment is kept: never a folder). '
        + 'Its media type is the one the blob store read from the bytes. A blob not in this tree: 404 (`entity: "blob"`).',
      tags,
      body: NewMediaBody,
      response: { 201: MediaDto },
      'x-problems': [404],
    },
  }, async (request, reply) => {
    const { tree, mediaService } = request.diScope.cradle;
    const { blob, file_name, title } = request.body;
    // The type the blob store read from the bytes; a blob not in this tree is the service's 404, as for resolve.
    const mediaType = tree.blobs.stat(blob.toLowerCase())?.media_type;
    return reply.code(201).send(mediaService.create({ file_path_as_written: file_name, blob, ...(mediaType ? { media_type: mediaType } : {}), ...(title ? { title } : {}) }));
  });

  route.post('/media/:id/depictions', {
    config: { humanOnly: false },
    schema: {
      summary: 'Say that a media object shows a persona (a photo of the person)',
      description: '201 with the object when the link is new, 200 when it was there already (nothing written). Unknown media object or persona: 404.',
      tags,
      params: MediaParams,
      body: DepictionBody,
      response: { 200: MediaDetailDto, 201: MediaDetailDto },
      'x-problems': [404],
    },
  }, async (request, reply) => {
    const { mediaService, mediaLinkTargets } = request.diScope.cradle;
    known(request, request.params.id);
    if (!mediaLinkTargets.isPersona(request.body.persona)) throw Problems.notFound(`There is no persona ${request.body.persona} in this tree`, { extras: { entity: 'persona' } });
    const added = mediaService.depicts(request.params.id, request.body.persona);
    return reply.code(added ? 201 : 200).send(detail(request, request.params.id));
  });

  route.delete('/media/:id/depictions/:persona', {
    config: { humanOnly: false },
    schema: {
      summary: 'Say that a media object does not show a persona after all',
      description: 'The object with the link gone. Unknown media object, or no such depiction: 404 (nothing written).',
      tags,
      params: DepictionParams,
      response: { 200: MediaDetailDto },
      'x-problems': [404],
    },
  }, async (request) => {
    const { id, persona } = request.params;
    known(request, id);
    if (!request.diScope.cradle.mediaService.undepict(id, persona)) throw Problems.notFound(`Media object ${id} does not depict ${persona}`, { extras: { entity: 'depiction' } });
    return detail(request, id);
  });

  route.post('/media/:id/attachments', {
    config: { humanOnly: false },
    schema: {
      summary: 'Attach a media object to a citation, source, claim, event or relationship',
      description: 'The scan of the record page to its citation, a source\'s title page, the photo of a grave to the burial. '
        + '201 with the object when the link is new, 200 when it was there already (nothing written). Unknown media object, or a target that is none of those kinds in this tree: 404.',
      tags,
      params: MediaParams,
      body: AttachmentBody,
      response: { 200: MediaDetailDto, 201: MediaDetailDto },
      'x-problems': [404],
    },
  }, async (request, reply) => {
    const { mediaService, mediaLinkTargets } = request.diScope.cradle;
    const { target } = request.body;
    known(request, request.params.id);
    if (!mediaLinkTargets.attachable(target)) throw Problems.notFound(`There is no citation, source, claim, event or relationship ${target} in this tree`, { extras: { entity: 'target' } });
    const added = mediaService.attach(request.params.id, target);
    return reply.code(added ? 201 : 200).send(detail(request, request.params.id));
  });

  route.delete('/media/:id/attachments/:target', {
    config: { humanOnly: false },
    schema: {
      summary: 'Take a media object off what it is attached to',
      description: 'The object with the link gone. Unknown media object, or not attached there: 404 (nothing written).',
      tags,
      params: AttachmentParams,
      response: { 200: MediaDetailDto },
      'x-problems': [404],
    },
  }, async (request) => {
    const { id, target } = request.params;
    known(request, id);
    if (!request.diScope.cradle.mediaService.detach(id, target)) throw Problems.notFound(`Media object ${id} is not attached to ${target}`, { extras: { entity: 'attachment' } });
    return detail(request, id);
  });
}

/** 404 for a media object this tree does not have. */
export function known(request: FastifyRequest, id: string): void {
  if (!request.diScope.cradle.mediaService.exists(id)) throw MediaProblems.mediaNotFound(id);
}

/** The object as `GET {P}/media/{id}` shows it, links included. */
export function detail(request: FastifyRequest, id: string): MediaDetailDto {
  const { mediaService, mediaLinksReader } = request.diScope.cradle;
  return { ...mediaService.get(id)!, ...mediaLinksReader.of(id) };
}
