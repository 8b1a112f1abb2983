/** What a tool call answers: the reply's text, a Problem as a tool error, the next page's cursor. */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { nextLinkOf, nextPageText } from './paging.js';

/** A reply of the HTTP API; `link` is its `Link` header, if it has one. */
export interface ApiReply {
  status: number;
  text: string;
  link?: string | null;
}

export const errorResult = (text: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text }] });

/** A reply that is a Problem, as the text of a tool error: its code and detail first. */
export function problemText(status: number, text: string): string {
  try {
    const problem = JSON.parse(text) as { code?: string; detail?: string; title?: string; errors?: unknown };
    if (problem.code) return `${problem.code}: ${problem.detail ?? problem.title ?? ''}\n${text}`;
  } catch {
    // not JSON: said as it is below
  }
  return `HTTP ${status}: ${text}`;
}

/** A tool's result from the reply: its text, then, when the reply links a next page, how to reach it. */
export function resultOf(toolName: string, reply: ApiReply): CallToolResult {
  if (reply.status >= 400) return errorResult(problemText(reply.status, reply.text));
  const next = nextLinkOf(reply.link);
  return {
    content: [
      { type: 'text', text: reply.text || `HTTP ${reply.status}` },
      ...(next ? [{ type: 'text' as const, text: nextPageText(toolName, next) }] : []),
    ],
  };
}
