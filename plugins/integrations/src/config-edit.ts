import { applyEdits, findNodeAtLocation, parseTree, printParseErrorCode, type Edit, type Node, type ParseError } from 'jsonc-parser';

/**
 * The one edit connect makes to a harness's config file: our server entry set under the
 * servers key, as a single jsonc-parser `Edit` (found on jsonc-parser's parse tree, applied
 * with `applyEdits`), so every other byte of the file — keys, other servers, comments,
 * trailing commas, blank lines — stays as it was. The file is never parsed and written back
 * out. (jsonc-parser's `modify` with formatting re-formats the whole lines around its edit:
 * it rewrote a neighbouring server written on one line, so the edit is computed here.)
 */
export type ConnectAction = 'create-file' | 'add-entry' | 'replace-entry';

export interface ConfigEdit {
  action: ConnectAction;
  /** The file's text after the edit. */
  text: string;
  server_entry_already_existed: boolean;
  /** Top-level keys besides the servers key, then `<servers key>.<name>` of every other server. */
  existing_keys_preserved: string[];
}

/** Why a file cannot be edited; `detail` says it in words (a line and column, never a path). */
export class UnparseableConfig extends Error {
  override name = 'UnparseableConfig';
  constructor(readonly reason: 'invalid-json' | 'not-an-object' | 'servers-not-an-object', detail: string) {
    super(detail);
  }
}

const BOM = '\uFEFF';

/** The file's own indentation unit (its first indented line) and line ending, so our lines look like its lines. */
function formattingOf(text: string): Style {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indent = /\n([ \t]+)\S/.exec(text)?.[1];
  if (indent?.startsWith('\t')) return { unit: '\t', eol };
  return { unit: indent ?? '  ', eol };
}

function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `line ${before.length}, column ${before[before.length - 1].length + 1}`;
}

/** The object node at the root of a file, or undefined for an empty file. */
function rootOf(text: string): Node | undefined {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true });
  if (errors.length) {
    const [first] = errors;
    throw new UnparseableConfig('invalid-json', `${printParseErrorCode(first.error)} at ${lineAndColumn(text, first.offset)}`);
  }
  if (root && root.type !== 'object') throw new UnparseableConfig('not-an-object', `the file holds ${root.type === 'array' ? 'an array' : `a ${root.type}`}, not an object of settings`);
  return root;
}

const keysOf = (object: Node | undefined): string[] =>
  (object?.children ?? []).map((property) => String(property.children![0].value));

interface Style {
  unit: string;
  eol: string;
}

/** The whitespace a line starts with, for the line holding `offset`. */
function indentOfLine(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}

/** Whether only whitespace precedes `offset` on its line. */
function startsItsLine(text: string, offset: number): boolean {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*$/.test(text.slice(lineStart, offset));
}

/** A value written the way the file writes JSON, its later lines indented from `indent`. */
function pretty(value: unknown, indent: string, style: Style): string {
  return JSON.stringify(value, null, style.unit).split('\n').join(style.eol + indent);
}

/**
 * The one edit that adds property `name: value` to the object `node` as its first property, so
 * that every byte already in the file stays where it was (only this text is inserted). An
 * object holding only whitespace gets its inside replaced.
 */
function insertFirst(text: string, node: Node, name: string, value: unknown, style: Style): Edit {
  const first = node.children?.[0];
  const property = (indent: string) => `${JSON.stringify(name)}: ${pretty(value, indent, style)}`;
  if (first) {
    const indent = indentOfLine(text, first.offset);
    if (startsItsLine(text, first.offset)) return { offset: first.offset, length: 0, content: `${property(indent)},${style.eol}${indent}` };
    return { offset: first.offset, length: 0, content: `${property(indent + style.unit)}, ` };
  }
  const outer = indentOfLine(text, node.offset);
  const inner = outer + style.unit;
  const inside = text.slice(node.offset + 1, node.offset + node.length - 1);
  const content = `${style.eol}${inner}${property(inner)}${style.eol}${outer}`;
  return /^\s*$/.test(inside) ? { offset: node.offset + 1, length: inside.length, content } : { offset: node.offset + 1, length: 0, content };
}

/**
 * Plans the edit: `current` is the file's text, or undefined when there is no file. Throws
 * `UnparseableConfig` when the file cannot be edited safely (then nothing may be written).
 */
export function planConfigEdit(current: string | undefined, serversKey: string, serverName: string, entry: Record<string, unknown>): ConfigEdit {
  const bom = current?.startsWith(BOM) ? BOM : '';
  const text = current === undefined ? '' : current.slice(bom.length);
  const root = rootOf(text);
  const servers = root && findNodeAtLocation(root, [serversKey]);
  if (servers && servers.type !== 'object') throw new UnparseableConfig('servers-not-an-object', `its "${serversKey}" holds ${servers.type === 'array' ? 'an array' : `a ${servers.type}`}, not an object of servers`);
  const style = formattingOf(text);
  const existing = servers && findNodeAtLocation(servers, [serverName]);
  let edited: string;
  if (!root) edited = `${pretty({ [serversKey]: { [serverName]: entry } }, '', style)}${style.eol}`;
  else if (existing) {
    const indent = indentOfLine(text, existing.parent!.offset);
    edited = applyEdits(text, [{ offset: existing.offset, length: existing.length, content: pretty(entry, indent, style) }]);
  } else if (servers) edited = applyEdits(text, [insertFirst(text, servers, serverName, entry, style)]);
  else edited = applyEdits(text, [insertFirst(text, root, serversKey, { [serverName]: entry }, style)]);
  return {
    action: current === undefined ? 'create-file' : existing ? 'replace-entry' : 'add-entry',
    text: bom + edited,
    server_entry_already_existed: Boolean(existing),
    existing_keys_preserved: [
      ...keysOf(root).filter((key) => key !== serversKey),
      ...keysOf(servers).filter((key) => key !== serverName).map((key) => `${serversKey}.${key}`),
    ],
  };
}

/** Whether a file's text holds our entry under the servers key (false for a file that cannot be parsed). */
export function holdsEntry(current: string | undefined, serversKey: string, serverName: string): boolean {
  if (current === undefined) return false;
  try {
    const root = rootOf(current.replace(/^\uFEFF/, ''));
    const entry = root && findNodeAtLocation(root, [serversKey, serverName]);
    return entry?.type === 'object';
  } catch {
    return false;
  }
}
