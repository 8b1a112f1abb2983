import type { FastifyInstance, RouteOptions } from 'fastify';
import { Type, type TSchema } from '@sinclair/typebox';
import { demandsNothing, fillEmptyBody } from './optional-body.js';

export interface RouteConfig {
  /** No token needed (the OpenAPI document and its page). */
  public?: boolean;
  /** Agent credentials get 403 `human-token-required`. */
  humanOnly?: boolean;
}

type Schema = Record<string, unknown>;

const NO_QUERY = Type.Object({}, { additionalProperties: false });
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Makes every object in a body schema refuse unknown fields, unless it says otherwise. */
function refuseUnknownFields(schema: unknown): void {
  if (!schema || typeof schema !== 'object') return;
  const node = schema as Schema;
  if (node.type === 'object' && node.additionalProperties === undefined && node.patternProperties === undefined) node.additionalProperties = false;
  for (const key of ['properties', 'items', 'anyOf', 'oneOf', 'allOf']) {
    const child = node[key];
    if (Array.isArray(child)) child.forEach(refuseUnknownFields);
    else if (child && typeof child === 'object') {
      if (key === 'properties') Object.values(child).forEach(refuseUnknownFields);
      else refuseUnknownFields(child);
    }
  }
}

/**
 * Conventions every route gets from the kernel, whoever declares it:
 * a strict query string (unknown parameter -> 400), bodies that refuse unknown fields, a body
 * that demands nothing taken as `{}` when left out,
 * the tier `x-service-tier: preview`, who may call it (`x-access`: human, agent, public), and the Problem statuses documented in OpenAPI.
 */
export function installRouteConventions(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema: Schema = { ...((route.schema as Schema | undefined) ?? {}) };
    const query = schema.querystring as Schema | undefined;
    // Strictness is set on the schema object itself, so both mounts share one compiled validator.
    if (!query) schema.querystring = NO_QUERY;
    else if (query.additionalProperties === undefined) query.additionalProperties = false;
    if (schema.body) refuseUnknownFields(schema.body);
    // A body that demands nothing may be left out: a bare request reads as `{}` (and the document says it is not required).
    if (schema.body && demandsNothing(schema.body)) route.preValidation = [fillEmptyBody, ...(route.preValidation === undefined ? [] : [route.preValidation].flat())];
    schema['x-service-tier'] = 'preview';
    const config = (route.config ?? {}) as RouteConfig;
    // Who may call it, in the OpenAPI document: what `rootline mcp` offers an agent is read from here.
    schema['x-access'] = config.public ? 'public' : config.humanOnly ? 'human' : 'agent';
    const problems = new Set<number>((schema['x-problems'] as number[] | undefined) ?? []);
    problems.add(400);
    problems.add(421);
    problems.add(500);
    // A request with an Origin from elsewhere is refused on every route a token opens (cross-origin-refused), not only the human's.
    if (!config.public) problems.add(401).add(403);
    // A JSON body: too large (payload-too-large) or not JSON at all (unsupported-media-type).
    if (schema.body) problems.add(413).add(415);
    // A change finds no room on a full disk (disk-full).
    if (WRITES.has(String(route.method))) problems.add(507);
    schema['x-problems'] = [...problems].sort();
    route.schema = schema;
  });
}

const TREE_ID: TSchema = Type.String({ description: 'The tree this request acts on', minLength: 1 });
const NO_PARAMS = { type: 'object', properties: {}, required: [] };
const pinned = new WeakMap<Schema, Schema>();

/** The route's own path parameters plus `tree_id`, made once per schema object. */
function pinnedParams(params: Schema = NO_PARAMS): Schema {
  let merged = pinned.get(params);
  if (!merged) {
    merged = {
      ...params,
      properties: { tree_id: TREE_ID, ...((params.properties as Schema) ?? {}) },
      required: ['tree_id', ...(((params.required as string[]) ?? []).filter((name) => name !== 'tree_id'))],
    };
    pinned.set(params, merged);
  }
  return merged;
}

/** Adds `tree_id` to the path parameters of every route of the pinned mount. */
export function addTreeIdParam(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema: Schema = { ...((route.schema as Schema | undefined) ?? {}) };
    schema.params = pinnedParams(schema.params as Schema | undefined);
    const problems = new Set<number>((schema['x-problems'] as number[] | undefined) ?? []);
    problems.add(404);
    schema['x-problems'] = [...problems];
    route.schema = schema;
  });
}
