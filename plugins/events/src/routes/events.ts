import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@rootline/kernel';
import { CorrectEventBody, CreateEventBody, EventDto, EventParams, ParticipantBody } from '../schemas.js';
import { EventProblems } from '../errors.js';

/** `POST {P}/events`, `GET {P}/events/{id}`, `POST {P}/events/{id}/corrections`, `POST {P}/events/{id}/participants`. */
export async function eventsRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();

  route.post('/events', {
    config: { humanOnly: false },
    schema: {
      summary: 'Record a life event, with its participants',
      tags: ['events'],
      body: CreateEventBody,
      response: { 201: EventDto },
      'x-problems': [404, 409],
    },
  }, async (request, reply) => reply.code(201).send(request.diScope.cradle.eventsService.create(request.actor, request.body)));

  route.get('/events/:id', {
    config: { humanOnly: false },
    schema: { summary: 'Read one life event: current values, participants and every correction', tags: ['events'], params: EventParams, response: { 200: EventDto }, 'x-problems': [404] },
  }, async (request) => request.diScope.cradle.eventsService.get(request.params.id) ?? Promise.reject(EventProblems.eventNotFound(request.params.id)));

  route.post('/events/:id/corrections', {
    config: { humanOnly: false },
    schema: {
      summary: 'Correct an event (append-only: the replaced values stay in its corrections, with the reason)',
      tags: ['events'],
      params: EventParams,
      body: CorrectEventBody,
      response: { 201: EventDto },
      'x-problems': [404, 422],
    },
  }, async (request, reply) => reply.code(201).send(request.diScope.cradle.eventsService.correct(request.actor, request.params.id, request.body)));

  route.post('/events/:id/participants', {
    config: { humanOnly: false },
    schema: {
      summary: 'Add a participant (a person or a persona, in a role) to an event',
      tags: ['events'],
      params: EventParams,
      body: ParticipantBody,
      response: { 201: EventDto },
      'x-problems': [404, 409],
    },
  }, async (request, reply) => reply.code(201).send(request.diScope.cradle.eventsService.addParticipant(request.actor, request.params.id, request.body)));
}
