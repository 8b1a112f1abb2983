import type { FastifyInstance } from 'fastify';
import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const shared: Options = {
  allErrors: true,
  removeAdditional: false,
  useDefaults: true,
  // TypeBox schemas carry $id for OpenAPI; compiling the same one for many routes must not clash.
  addUsedSchema: false,
  strict: false,
};

/**
 * Two validators: query strings, path parameters and headers arrive as text, so they are
 * coerced to the declared types (`limit=10` -> 10); JSON bodies are not, so `{"title": 5}`
 * is refused rather than quietly turned into "5".
 */
export function installValidators(app: FastifyInstance): void {
  const forBodies = addFormats(new Ajv({ ...shared, coerceTypes: false }));
  const forText = addFormats(new Ajv({ ...shared, coerceTypes: 'array' }));
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? forBodies : forText).compile(schema));
}
