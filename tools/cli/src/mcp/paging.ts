/**
 * Paging over MCP. A route that pages by an HTTP `Link: <...>; rel="next"` header (RFC 8288)
 * hides its next page from a model, which sees only the reply's body. The tool result carries
 * the cursor of that link instead, as a second text, and the tool's description says how to
 * go on: the same call again with `cursor`.
 */

/** The label of the next page's cursor in a tool result: a second text `next_cursor: <cursor>`. */
const NEXT_CURSOR = 'next_cursor';

/** What a paged tool's description adds: how a model reaches the next page. */
export function pagingNote(toolName: string): string {
  return `Paging over MCP: when more remain, the result has a second text \`${NEXT_CURSOR}: <cursor>\`; call ${toolName} again with the same arguments and \`cursor\` set to it for the next page, until a result has no ${NEXT_CURSOR}.`;
}

/** What a paged tool's `cursor` argument adds to its description. */
export const CURSOR_NOTE = `Over MCP: the ${NEXT_CURSOR} of the previous result`;

/** The target of the `rel="next"` link of a `Link` header value, if it has one. */
export function nextLinkOf(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  for (const [, target, params] of header.matchAll(/<([^>]*)>((?:\s*;\s*[^;,]*)*)/g)) {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(params);
    if ((rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/).includes('next')) return target;
  }
  return undefined;
}

/** The text a tool result adds when the reply has a next page: its cursor, or the link itself when it has none. */
export function nextPageText(toolName: string, link: string): string {
  const cursor = new URL(link, 'http://rootline.invalid').searchParams.get('cursor');
  if (!cursor) return `More remain: the next page is at ${link} (HTTP API).`;
  return `${NEXT_CURSOR}: ${cursor}\nMore remain: call ${toolName} again with the same arguments and cursor "${cursor}".`;
}
