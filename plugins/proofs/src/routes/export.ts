import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@rootline/kernel';
import { Type } from '@sinclair/typebox';
import { ProofArgumentParams } from '../schemas.js';
import { ProofProblems } from '../errors.js';
import { forReader } from '../reader.js';
import { prefersHtml } from '../accept.js';
import { layout } from '../export/layout.js';
import { toMarkdown } from '../export/markdown.js';
import { HTML_POLICY, toHtml } from '../export/html.js';

/** `GET {P}/proof-arguments/{id}/export`: Markdown, or HTML for `Accept: text/html`. */
export async function exportRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();

  route.get('/proof-arguments/:id/export', {
    config: { humanOnly: false },
    schema: {
      summary: 'A proof argument as a self-contained document: Markdown, or HTML when `Accept` prefers `text/html`',
      description:
        'Title, research question, the argument, the claims weighed (kind, value, date, place, status) each with a footnote, the ' +
        'sources, the conclusion. A footnote is the cited citation\'s Evidence Explained first reference (full) note, its subsequent ' +
        '(short) note when the same citation was cited before, the source\'s title for a source cited without a citation, else ' +
        '"No source cited.". Sources: each once, in source-list style, sorted. Markdown unless `Accept` rates `text/html` above ' +
        '`text/markdown`; all user text is escaped; the HTML has no external assets. Drawn from what this reader may see (redactions).',
      tags: ['proof-arguments'],
      params: ProofArgumentParams,
      response: {
        200: {
          description: 'The document',
          content: {
            'text/markdown': { schema: Type.String({ description: 'A Markdown document with footnotes' }) },
            'text/html': { schema: Type.String({ description: 'A complete HTML document, no external assets' }) },
          },
        },
      },
      'x-problems': [404],
    },
  }, async (request, reply) => {
    const { id } = request.params;
    const document = request.diScope.cradle.proofArgumentsService.document(id);
    if (!document) throw ProofProblems.proofArgumentNotFound(id);
    const visible = forReader(app, request, document);
    const html = prefersHtml(request.headers.accept);
    reply.header('vary', 'accept').header('content-disposition', `inline; filename="proof-argument-${id}.${html ? 'html' : 'md'}"`);
    if (html) return reply.type('text/html; charset=utf-8').header('content-security-policy', HTML_POLICY).send(toHtml(visible, layout(visible)) as never);
    return reply.type('text/markdown; charset=utf-8').send(toMarkdown(visible, layout(visible)) as never);
  });
}
