import type { ProofDocument } from '../service.js';
import type { Layout } from './layout.js';
import { markdownBlock, markdownInline, markdownRich } from './text.js';

/**
 * The argument as a Markdown document: title, research question, text, the claims weighed
 * (each with a footnote, the footnotes right after them), the sources, the conclusion. Every
 * piece of user text is escaped where it could add structure (headings, footnote markers,
 * list items, HTML).
 */
export function toMarkdown(doc: ProofDocument, layout: Layout): string {
  const out: string[] = [`# ${markdownInline(doc.title)}`, ''];
  if (doc.question !== null) out.push(`Research question: ${markdownInline(doc.question)}`, '');
  out.push(markdownBlock(doc.text), '', '## Claims weighed', '');
  if (layout.claims.length === 0) out.push('No claims weighed.', '');
  else {
    layout.claims.forEach((line, at) => out.push(`${at + 1}. ${markdownInline(line)}[^${at + 1}]`));
    out.push('');
    layout.notes.forEach((note, at) => out.push(`[^${at + 1}]: ${markdownRich(note)}`));
    out.push('');
  }
  out.push('## Sources', '');
  if (layout.sources.length === 0) out.push('No sources cited.', '');
  else out.push(...layout.sources.map((entry) => `- ${markdownRich(entry)}`), '');
  if (doc.conclusion !== null) out.push('## Conclusion', '', markdownBlock(doc.conclusion), '');
  return out.join('\n');
}
