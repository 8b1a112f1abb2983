import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@rootline/kernel';
import { Type } from '@sinclair/typebox';
import { CreateNoteBody, NoteDto, NoteParams, NotesQuery } from '../schemas.js';
import { NoteProblems } from '../errors.js';

/** `GET {P}/notes?target=`, `POST {P}/notes`, `GET {P}/notes/{id}`. */
export async function notesRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();

  route.get('/notes', {
    config: { humanOnly: false },
    schema: {
      summary: 'Notes about one target, oldest first',
      tags: ['notes'],
      querystring: NotesQuery,
      response: { 200: Type.Array(NoteDto) },
    },
  }, async (request, reply) => {
    // Already JSON (built by SQLite, shaped like NoteDto[]): Fastify sends a string as it is.
    const json = request.diScope.cradle.notesService.forTargetJson(request.query.target) as unknown as NoteDto[];
    return reply.type('application/json; charset=utf-8').send(json);
  });

  route.post('/notes', {
    config: { humanOnly: false },
    schema: {
      summary: 'Write a note about an entity or a free key',
      tags: ['notes'],
      body: CreateNoteBody,
      response: { 201: NoteDto },
    },
  }, async (request, reply) => reply.code(201).send(request.diScope.cradle.notesService.create(request.actor, request.body)));

  route.get('/notes/:id', {
    config: { humanOnly: false },
    schema: { summary: 'Read one note', tags: ['notes'], params: NoteParams, response: { 200: NoteDto }, 'x-problems': [404] },
  }, async (request) => request.diScope.cradle.notesService.get(request.params.id) ?? Promise.reject(NoteProblems.noteNotFound(request.params.id)));
}
