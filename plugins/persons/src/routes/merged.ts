import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { MergedPerson } from '../schemas.js';

/** A read of a person's own sub-resource on either mount: `{P}/persons/{id}/card`, `.../pedigree`, `.../fan-network`. */
const PERSON_READ = /\/persons\/:id\/[a-z-]+$/;

/**
 * Answers a read of a person merged into another: 307 to the same path with the survivor's id
 * in place of the merged one (the query string kept), and a body naming the survivor. A
 * client that follows redirects reads the survivor, whose `id` differs.
 */
export function answerMerged(request: FastifyRequest, reply: FastifyReply, merged: string, survivor: string) {
  const [path, query] = splitOnce(request.url, '?');
  const at = path.lastIndexOf(`/${merged}`);
  const location = `${path.slice(0, at)}/${survivor}${path.slice(at + merged.length + 1)}${query === undefined ? '' : `?${query}`}`;
  return reply.code(307).header('location', location).send({ id: merged, status: 'merged', merged_into: survivor });
}

/**
 * Every GET of a person's sub-resource, whichever plugin declares it (the card, the pedigree,
 * the FAN network), follows merges as `GET {P}/persons/{id}` does: a merged person's id answers
 * 307 to the survivor's, before the route's own work (which would answer 404). Added to each such
 * route as it is declared (an `onRoute` hook at the root), with the 307 in its OpenAPI responses.
 */
export function followMergesOnPersonReads(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.method !== 'GET' || !PERSON_READ.test(route.url)) return;
    const schema = (route.schema ?? {}) as { response?: Record<string, unknown> };
    route.schema = { ...schema, response: { ...schema.response, 307: MergedPerson } };
    const before = route.preHandler === undefined ? [] : [route.preHandler].flat();
    route.preHandler = [redirectIfMerged, ...before];
  });
}

async function redirectIfMerged(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { id } = request.params as { id: string };
  const survivor = request.diScope.cradle.personsService.survivorOf(id);
  if (survivor !== null) await answerMerged(request, reply, id, survivor);
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at === -1 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}
