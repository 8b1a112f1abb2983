import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@rootline/kernel';
import { CreateRelationshipBody, RelationshipDto, ReparentBody, UnlinkBody } from '../schemas.js';

/** `POST {P}/relationships`, `POST {P}/relationships/reparent`, `POST {P}/relationships/unlink`. */
export async function relationshipsRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();

  route.post('/relationships', {
    config: { humanOnly: false },
    schema: {
      summary: 'Attach a parent edge (with its pedigree) or a spouse edge between two persons',
      description:
        'Refused, writing nothing: an unknown person (404), a person as their own parent or partner (422 `relationship-self`), ' +
        'an edge that makes someone their own ancestor (422 `relationship-cycle`), an edge that already exists, partners in either ' +
        'order (409 `relationship-exists`), a third birth parent (422 `too-many-birth-parents`).',
      tags: ['relationships'],
      body: CreateRelationshipBody,
      response: { 201: RelationshipDto },
      'x-problems': [404, 409, 422],
    },
  }, async (request, reply) => reply.code(201).send(request.diScope.cradle.familyService.create(request.actor, request.body)));

  route.post('/relationships/reparent', {
    config: { humanOnly: false },
    schema: {
      summary: "Replace one of a child's parents with another person (the edge keeps its id and pedigree)",
      description: 'The same refusals as creating an edge; 404 when `from_parent` is not a parent of `child`.',
      tags: ['relationships'],
      body: ReparentBody,
      response: { 200: RelationshipDto },
      'x-problems': [404, 409, 422],
    },
  }, async (request) => request.diScope.cradle.familyService.reparent(request.actor, request.body));

  route.post('/relationships/unlink', {
    config: { humanOnly: false },
    schema: {
      summary: 'Remove a parent or spouse edge; answers with the edge as it was',
      tags: ['relationships'],
      body: UnlinkBody,
      response: { 200: RelationshipDto },
      'x-problems': [404],
    },
  }, async (request) => request.diScope.cradle.familyService.unlink(request.actor, request.body.relationship));
}
