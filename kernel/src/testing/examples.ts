import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { TestServer } from './harness.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/** An example the API description gives that its own schema refuses. */
export interface ExampleProblem {
  /** Where in `/v1/openapi.json`: `components.schemas.JobDto`, `paths./v1/jobs/{id}.get.responses.200`. */
  at: string;
  example: unknown;
  errors: string[];
}

type Json = Record<string, unknown>;

/**
 * Every example of the API description, with the schema it must fit and the place it sits at:
 * a schema's own `examples`, and a request or response body's `example` / `examples` (where
 * the OpenAPI generator moves a body schema's examples). Walks the whole document, so the
 * examples of properties and parameters are found too.
 */
function* examplesIn(node: unknown, at: string): Generator<{ at: string; schema: Json; examples: unknown[] }> {
  if (Array.isArray(node)) {
    for (const [index, item] of node.entries()) yield* examplesIn(item, `${at}[${index}]`);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const object = node as Json;
  const isSchema = object.type !== undefined || object.$ref !== undefined || object.anyOf !== undefined || object.properties !== undefined;
  if (isSchema && Array.isArray(object.examples)) {
    const { examples, ...schema } = object;
    yield { at, schema, examples };
  }
  const body = object.schema as Json | undefined;
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    if ('example' in object) yield { at: `${at}.example`, schema: body, examples: [object.example] };
    if (object.examples !== null && typeof object.examples === 'object' && !Array.isArray(object.examples)) {
      yield { at: `${at}.examples`, schema: body, examples: Object.values(object.examples as Record<string, { value?: unknown }>).map((named) => named.value) };
    }
  }
  for (const [key, value] of Object.entries(object)) {
    if (key === 'examples' || key === 'example') continue;
    yield* examplesIn(value, at ? `${at}.${key}` : key);
  }
}

/**
 * The examples of the API description that their own schema refuses (issue 16: an example
 * is documentation a client copies, so a wrong one is a bug a test can see). Each schema is
 * checked with the document's components beside it, so `$ref`s resolve.
 */
export async function exampleProblems(s: Pick<TestServer, 'request'>): Promise<ExampleProblem[]> {
  const doc = (await s.request('GET', '/v1/openapi.json')).json() as Json;
  const ajv = addFormats(new Ajv({ strict: false, allErrors: true, validateSchema: false, addUsedSchema: false }));
  const problems: ExampleProblem[] = [];
  const components = stripIds(doc.components);
  for (const { at, schema, examples } of examplesIn({ components: doc.components, paths: doc.paths }, '')) {
    const validate = ajv.compile({ ...(stripIds(schema) as Json), components });
    for (const example of examples) {
      if (!validate(example)) problems.push({ at, example, errors: (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message}`) });
    }
  }
  return problems;
}

/** A copy without `$id`s: the document's components each carry one, and compiling them again per schema would clash. */
function stripIds(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(stripIds);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(Object.entries(node as Json).filter(([key]) => key !== '$id').map(([key, value]) => [key, stripIds(value)]));
}

type DocumentedSchema = { type?: string; examples?: unknown[]; $ref?: string; anyOf?: DocumentedSchema[] };
type DocumentedBody = { schema?: DocumentedSchema; example?: unknown; examples?: Record<string, unknown> };

/**
 * Whether a request or response body of the API description (`content['application/json']`)
 * shows a client an example: fastify-swagger moves a body schema's `examples` to the media type
 * (`example` / `examples`); otherwise the schema's own, through a `$ref` into `components`, and
 * for an `anyOf` every branch's. A route test asks this of each body it documents.
 */
export function bodyHasExamples(media: DocumentedBody | undefined, components: Record<string, DocumentedSchema>): boolean {
  if (!media) return false;
  if (media.example !== undefined || (media.examples && Object.keys(media.examples).length > 0)) return true;
  return schemaHasExamples(media.schema, components);
}

function schemaHasExamples(schema: DocumentedSchema | undefined, components: Record<string, DocumentedSchema>): boolean {
  if (!schema) return false;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return true;
  if (schema.$ref) return schemaHasExamples(components[schema.$ref.replace(/^#\/components\/schemas\//, '')], components);
  return Boolean(schema.anyOf && schema.anyOf.length > 0 && schema.anyOf.every((branch) => schemaHasExamples(branch, components)));
}
