/**
 * Renders one template pattern (see `template.ts` for the pattern language) with the
 * elements of a citation, as plain text and as Markdown (italics as `*...*`).
 */
export interface Rendering {
  text: string;
  markdown: string;
}

type Node =
  | { type: 'literal'; value: string }
  | { type: 'element'; names: string[] }
  | { type: 'italics' }
  | { type: 'optional'; children: Node[] };

function parse(pattern: string): Node[] {
  const root: Node[] = [];
  const stack: Node[][] = [root];
  let literal = '';
  const flush = () => {
    if (literal) stack[stack.length - 1].push({ type: 'literal', value: literal });
    literal = '';
  };
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '{') {
      const end = pattern.indexOf('}', i);
      if (end < 0) throw new Error(`Unclosed { in citation pattern: ${pattern}`);
      flush();
      stack[stack.length - 1].push({ type: 'element', names: pattern.slice(i + 1, end).split('|') });
      i = end;
    } else if (char === '[') {
      flush();
      const optional: Node = { type: 'optional', children: [] };
      stack[stack.length - 1].push(optional);
      stack.push(optional.children);
    } else if (char === ']') {
      flush();
      if (stack.length === 1) throw new Error(`Unbalanced ] in citation pattern: ${pattern}`);
      stack.pop();
    } else if (char === '*') {
      flush();
      stack[stack.length - 1].push({ type: 'italics' });
    } else literal += char;
  }
  flush();
  if (stack.length !== 1) throw new Error(`Unclosed [ in citation pattern: ${pattern}`);
  return root;
}

/** Element names a pattern uses (the golden tests check every one is declared). */
export function elementsOf(pattern: string): string[] {
  const names: string[] = [];
  const walk = (nodes: Node[]) =>
    nodes.forEach((node) => {
      if (node.type === 'element') names.push(...node.names);
      if (node.type === 'optional') walk(node.children);
    });
  walk(parse(pattern));
  return names;
}

/** `{a|b}` takes the first of its elements that has a value (e.g. a short title, else the title). */
const valueOf = (elements: Record<string, string>, names: string[]) =>
  names.map((name) => (elements[name] ?? '').trim()).find((value) => value !== '') ?? '';

/** An optional part is kept when the elements directly inside it all have values (nested parts decide for themselves). */
function complete(nodes: Node[], elements: Record<string, string>): boolean {
  return nodes.every((node) => node.type !== 'element' || valueOf(elements, node.names) !== '');
}

function emit(nodes: Node[], elements: Record<string, string>, markdown: boolean): string {
  let out = '';
  for (const node of nodes) {
    if (node.type === 'literal') out += node.value;
    else if (node.type === 'italics') out += markdown ? '*' : '';
    else if (node.type === 'element') {
      const value = valueOf(elements, node.names);
      out += markdown ? value.replace(/([\\*_[\]])/g, '\\$1') : value;
    } else if (complete(node.children, elements)) out += emit(node.children, elements, markdown);
  }
  return out;
}

/**
 * Punctuation where a value meets the pattern: a value ending in an abbreviation ("D.C.")
 * takes no second period; a comma before a closing quote is dropped (or becomes the period)
 * when nothing follows inside the sentence; stray spaces typed into values are collapsed.
 */
const tidy = (text: string) =>
  text
    .replace(/ {2,}/g, ' ')
    .replace(/(?<!\.)\.\.(?!\.)/g, '.')
    .replace(/([?!])\./g, '$1')
    .replace(/,”;/g, '”;')
    .replace(/,”\.$/g, '.”')
    .trim();

const parsed = new Map<string, Node[]>();

export function render(pattern: string, elements: Record<string, string>): Rendering {
  let nodes = parsed.get(pattern);
  if (!nodes) {
    nodes = parse(pattern);
    parsed.set(pattern, nodes);
  }
  return { text: tidy(emit(nodes, elements, false)), markdown: tidy(emit(nodes, elements, true)) };
}
