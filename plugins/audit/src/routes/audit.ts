import type { FastifyInstance } from 'fastify';
import { Page, LIST_LIMITS, Problems, type TypeBoxTypeProvider } from '@rootline/kernel';
import { AuditEntryDto, AuditQuery } from '../schemas.js';

const PREFIX_PATTERN = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*$/;

function parseInclude(include: string | undefined): string[] {
  const prefixes = (include ?? '').split(',').map((part) => part.trim()).filter(Boolean);
  const bad = prefixes.find((prefix) => !PREFIX_PATTERN.test(prefix));
  if (bad) {
    throw Problems.validationFailed(`"${bad}" is not a record kind prefix`, {
      errors: [{ location: 'query', name: 'include', message: 'must be comma-separated kind prefixes like assertion or note.created' }],
    });
  }
  return [...new Set(prefixes)].sort();
}

/** `GET {P}/audit`: the tree’s record log, newest first. */
export async function auditRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();
  route.get('/audit', {
    schema: {
      summary: 'Audit trail of the tree, newest first',
      description: 'Every change to the tree as the record that was written with it. `include` keeps kinds starting with one of the given prefixes. Keyset paging: rows added while you page appear on a fresh first page, never inside a walk.',
      tags: ['audit'],
      querystring: AuditQuery,
      response: { 200: Page(AuditEntryDto) },
    },
  }, async (request) => {
    const kindPrefixes = parseInclude(request.query.include);
    const window = app.kernel.paging.open<number>('audit', { ...request.query, include: kindPrefixes.join(',') }, LIST_LIMITS);
    const records = request.tree.records;
    const rows = records.list({ beforeSeq: window.after, limit: window.limit + 1, kindPrefixes });
    return window.page(rows, records.count(kindPrefixes), (row) => row.seq);
  });
}
