// A Stryker ignorer: mutants inside the words of the API description (a route's or a
// schema's `summary`, `description`, `title`, `tags`, `examples`/`example`) are not counted.
// They change what /v1/openapi.json reads like, never what a route does, so killing them
// would mean asserting prose. Everything else in a schema (types, patterns, bounds,
// required fields, response codes) is still mutated and must be caught.
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

export const DOC_KEYS = new Set(['summary', 'description', 'title', 'tags', 'examples', 'example']);

/** The name of an object property's key, when the key is a plain name or a string. */
function keyName(node) {
  if (!node || node.type !== 'ObjectProperty' || node.computed) return undefined;
  if (node.key.type === 'Identifier') return node.key.name;
  if (node.key.type === 'StringLiteral') return node.key.value;
  return undefined;
}

export const apiDocsIgnorer = {
  shouldIgnore(path) {
    const name = keyName(path.node);
    return name && DOC_KEYS.has(name) ? `API description text (${name}) is documentation, not behaviour` : undefined;
  },
};

export const strykerPlugins = [declareValuePlugin(PluginKind.Ignore, 'api-docs', apiDocsIgnorer)];
