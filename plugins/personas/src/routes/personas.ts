import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@rootline/kernel';
import { CreatePersonaBody, NamePiecesBody, PersonaDto, PersonaParams } from '../schemas.js';
import { PersonaProblems } from '../errors.js';

/** `POST {P}/personas`, `GET {P}/personas/{id}`, `PUT {P}/personas/{id}/name-pieces`. */
export async function personasRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();

  route.post('/personas', {
    config: { humanOnly: false },
    schema: {
      summary: 'Record a persona: a person as one record describes them',
      description: 'Needs at least one of `name` (as written), `given`, `surname` (else 400). `given` and `surname` become name pieces; the name as written is kept as it is, never split. An unknown `source` is 404.',
      tags: ['personas'],
      body: CreatePersonaBody,
      response: { 200: PersonaDto },
      'x-problems': [404],
    },
  }, async (request) => request.diScope.cradle.personasService.create(request.actor, request.body));

  route.get('/personas/:id', {
    config: { humanOnly: false },
    schema: { summary: 'Read one persona', tags: ['personas'], params: PersonaParams, response: { 200: PersonaDto }, 'x-problems': [404] },
  }, async (request) => request.diScope.cradle.personasService.get(request.params.id) ?? Promise.reject(PersonaProblems.personaNotFound(request.params.id)));

  route.put('/personas/:id/name-pieces', {
    config: { humanOnly: false },
    schema: {
      summary: 'Set the structured name pieces (GEDCOM 7)',
      description: 'Replaces all pieces; a piece left out is cleared. The display name follows the pieces; with no pieces it is the name as written (a persona without a written name must keep at least one piece).',
      tags: ['personas'],
      params: PersonaParams,
      body: NamePiecesBody,
      response: { 200: PersonaDto },
      'x-problems': [404],
    },
  }, async (request) => request.diScope.cradle.personasService.setNamePieces(request.actor, request.params.id, request.body));
}
