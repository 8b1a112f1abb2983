import type { FastifyReply } from 'fastify';

/** Sends JSON that is already written (a page or a list built by SQLite, a card stringified at once); Fastify passes a string through, not serializing it again. */
export function sendJson(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json);
}
