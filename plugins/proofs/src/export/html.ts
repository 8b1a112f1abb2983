import type { ProofDocument } from '../service.js';
import type { Layout } from './layout.js';
import { escapeHtml, htmlBlock, htmlRich } from './text.js';

/** The document's own style: no external asset of any kind. */
const STYLE = [
  'body{font-family:Georgia,"Times New Roman",serif;line-height:1.5;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}',
  'h1{font-size:1.6rem}h2{font-size:1.2rem;margin-top:2rem}',
  '.question code{font-size:.9em}',
  'ol.notes,ul.sources{font-size:.95em}',
  'sup a{text-decoration:none}',
].join('');

/** Scripts, frames, images and fetches are refused even if a viewer found a way to inject one. */
export const HTML_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

/**
 * The argument as one self-contained HTML document (the same parts as the Markdown export):
 * every piece of user text escaped; footnotes link to their claim and back.
 */
export function toHtml(doc: ProofDocument, layout: Layout): string {
  const out: string[] = [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${HTML_POLICY}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(doc.title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<article>',
    `<h1>${escapeHtml(doc.title)}</h1>`,
  ];
  if (doc.question !== null) out.push(`<p class="question">Research question: <code>${escapeHtml(doc.question)}</code></p>`);
  out.push('<section class="argument">', htmlBlock(doc.text), '</section>', '<h2>Claims weighed</h2>');
  if (layout.claims.length === 0) out.push('<p>No claims weighed.</p>');
  else {
    out.push('<ol class="claims">');
    layout.claims.forEach((line, at) => out.push(`<li id="claim-${at + 1}">${escapeHtml(line)}<sup><a href="#note-${at + 1}">${at + 1}</a></sup></li>`));
    out.push('</ol>', '<h2>Notes</h2>', '<ol class="notes">');
    layout.notes.forEach((note, at) => out.push(`<li id="note-${at + 1}">${htmlRich(note)} <a href="#claim-${at + 1}" aria-label="Back to claim ${at + 1}">↩</a></li>`));
    out.push('</ol>');
  }
  out.push('<h2>Sources</h2>');
  if (layout.sources.length === 0) out.push('<p>No sources cited.</p>');
  else out.push('<ul class="sources">', ...layout.sources.map((entry) => `<li>${htmlRich(entry)}</li>`), '</ul>');
  if (doc.conclusion !== null) out.push('<h2>Conclusion</h2>', '<section class="conclusion">', htmlBlock(doc.conclusion), '</section>');
  out.push('</article>', '</body>', '</html>', '');
  return out.join('\n');
}
