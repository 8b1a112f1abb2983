import type { FastifyReply, FastifyRequest } from 'fastify';

/** Keywords by which a JSON body schema demands something of the body. */
const DEMANDS = ['minProperties', 'anyOf', 'oneOf', 'allOf', 'not', 'if', 'dependentRequired'];

/**
 * Whether a JSON body schema demands nothing of the body (an object, no field required: a
 * retraction's reason, a closing's answer): such a body may be left out. One rule for what
 * the route takes (`fillEmptyBody`) and what the OpenAPI document says (`requestBody.required`).
 */
export function demandsNothing(schema: unknown): boolean {
  if (!schema || typeof schema !== 'object') return false;
  const node = schema as Record<string, unknown>;
  const required = (node.required as unknown[] | undefined) ?? [];
  return node.type === 'object' && required.length === 0 && DEMANDS.every((key) => node[key] === undefined);
}

/** A request without a body, to a route whose body demands nothing, reads as the empty body `{}`. */
export function fillEmptyBody(request: FastifyRequest, _reply: FastifyReply, done: () => void): void {
  request.body ??= {};
  done();
}
