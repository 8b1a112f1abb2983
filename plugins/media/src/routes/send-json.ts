import type { FastifyReply } from 'fastify';

/** Sends JSON that is already written (a page built by SQLite); Fastify passes a string through. */
export function sendJson(reply: FastifyReply, json: string) {
  return reply.type('application/json; charset=utf-8').send(json);
}
