import type { FastifyInstance } from 'fastify';
import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import fastJson from 'fast-json-stringify';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const shared: Options = {
  allErrors: true,
  removeAdditional: false,
  useDefaults: true,
  // TypeBox schemas carry $id for OpenAPI; compiling the same one for many routes must not clash.
  addUsedSchema: false,
  strict: false,
  // Schemas are ours and tested; checking each against the meta-schema only slows start-up.
  validateSchema: false,
};

type Validator = ReturnType<Ajv['compile']>;

/**
 * Compiles each schema object once, however many routes and mounts use it, and only when
 * a request first needs it: start-up does not pay for routes nobody calls.
 */
function cached(ajv: Ajv) {
  const compiled = new WeakMap<object, Validator>();
  const compile = (schema: object) => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(schema, validate);
    }
    return validate;
  };
  return (schema: object) => {
    // Fastify reads `.errors` from the function it was given, so the wrapper copies them.
    const lazy = (data: unknown) => {
      const validate = compile(schema);
      const valid = validate(data);
      lazy.errors = validate.errors;
      return valid;
    };
    lazy.errors = null as Validator['errors'];
    return lazy;
  };
}

/**
 * Response serializers are compiled once per schema object too (both mounts share them).
 * Two validators: query strings, path parameters and headers arrive as text, so they are
 * coerced to the declared types (`limit=10` -> 10); JSON bodies are not, so `{"title": 5}`
 * is refused rather than quietly turned into "5".
 */
export function installValidators(app: FastifyInstance): void {
  const forBodies = cached(addFormats(new Ajv({ ...shared, coerceTypes: false })));
  const forText = cached(addFormats(new Ajv({ ...shared, coerceTypes: 'array' })));
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? forBodies : forText)(schema) as never);
  const serializers = new WeakMap<object, (value: unknown) => string>();
  app.setSerializerCompiler(({ schema }) => (value: unknown) => {
    let serialize = serializers.get(schema);
    if (!serialize) {
      serialize = fastJson(schema as Parameters<typeof fastJson>[0]) as (value: unknown) => string;
      serializers.set(schema, serialize);
    }
    return serialize(value);
  });
}
