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

/** An object literal made of description words only, e.g. the `{ description }` of `Uuid({ description })`. */
function wordsOnly(node) {
  if (!node || node.type !== 'ObjectExpression' || node.properties.length === 0) return false;
  return node.properties.every((property) => DOC_KEYS.has(keyName(property)));
}

export const apiDocsIgnorer = {
  shouldIgnore(path) {
    const name = keyName(path.node);
    if (name && DOC_KEYS.has(name)) return `API description text (${name}) is documentation, not behaviour`;
    // Emptying such an object removes the same words its properties hold, nothing else.
    if (wordsOnly(path.node)) return 'an object of API description text only is documentation, not behaviour';
    return undefined;
  },
};

export const strykerPlugins = [declareValuePlugin(PluginKind.Ignore, 'api-docs', apiDocsIgnorer)];
