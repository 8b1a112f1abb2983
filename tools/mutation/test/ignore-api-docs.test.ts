import t from 'tap';
import { parse } from '@babel/parser';
import { apiDocsIgnorer } from '../src/ignore-api-docs.mjs';

type Node = { type: string; [key: string]: unknown };

/** Every ObjectProperty of a snippet, by its key's text, as the NodePath-like object the ignorer reads. */
function properties(source: string): Map<string, { node: Node }> {
  const found = new Map<string, { node: Node }>();
  const visit = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach(visit);
    const node = value as Node;
    if (node.type === 'ObjectProperty') {
      const key = node.key as Node & { name?: string; value?: string };
      found.set(`${node.computed ? '[computed]' : ''}${key.name ?? key.value}`, { node });
    }
    for (const [name, child] of Object.entries(node)) if (name !== 'loc') visit(child);
  };
  visit(parse(source, { sourceType: 'module', plugins: ['typescript'] }).program);
  return found;
}

const SOURCE = `
const route = {
  schema: { summary: 'Read one note', description: 'Longer words', tags: ['notes'], 'title': 'Note',
            examples: [{ id: 1 }], example: 'x', params: NoteParams, response: { 200: NoteDto } },
  config: { humanOnly: false },
  limits: { minLength: 1, maxLength: 200, pattern: '\\\\S' },
  [summary]: 'computed keys are code',
};`;

t.test('the prose of the API description is ignored, with a reason', async (t) => {
  const props = properties(SOURCE);
  for (const key of ['summary', 'description', 'tags', 'title', 'examples', 'example']) {
    t.match(apiDocsIgnorer.shouldIgnore(props.get(key)!), /documentation, not behaviour/, key);
  }
});

t.test('what a route does is still mutated', async (t) => {
  const props = properties(SOURCE);
  for (const key of ['schema', 'params', 'response', 'config', 'humanOnly', 'minLength', 'maxLength', 'pattern', '[computed]summary']) {
    t.equal(apiDocsIgnorer.shouldIgnore(props.get(key)!), undefined, key);
  }
  t.equal(apiDocsIgnorer.shouldIgnore({ node: { type: 'StringLiteral', value: 'summary' } }), undefined, 'not a property');
});

/** Every ObjectExpression of a snippet, in source order. */
function objects(source: string): { node: Node }[] {
  const found: { node: Node }[] = [];
  const visit = (value: unknown) => {
    if (!value || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach(visit);
    const node = value as Node;
    if (node.type === 'ObjectExpression') found.push({ node });
    for (const [name, child] of Object.entries(node)) if (name !== 'loc') visit(child);
  };
  visit(parse(source, { sourceType: 'module', plugins: ['typescript'] }).program);
  return found;
}

t.test('an object holding description words only is ignored as a whole', async (t) => {
  const [wordsOnly, alsoWords] = objects(`Uuid({ description: 'The person' }); Type.Object({}, { title: 'T', examples: [1] });`).filter((o) => (o.node.properties as unknown[]).length > 0);
  t.match(apiDocsIgnorer.shouldIgnore(wordsOnly!), /documentation, not behaviour/);
  t.match(apiDocsIgnorer.shouldIgnore(alsoWords!), /documentation, not behaviour/);
});

t.test('an object with one rule beside its words is still mutated', async (t) => {
  const found = objects(`Type.String({ description: 'x', minLength: 1 }); f({}); g({ [description]: 'computed' }); h({ ...words });`);
  t.equal(found.length, 4);
  for (const object of found) t.equal(apiDocsIgnorer.shouldIgnore(object), undefined);
});
