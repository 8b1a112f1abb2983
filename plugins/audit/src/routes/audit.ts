import type { FastifyInstance } from 'fastify';
import { Page, LIST_LIMITS, type TypeBoxTypeProvider } from '@rootline/kernel';
import { AuditEntryDto, AuditQuery } from '../schemas.js';
import { parseKindPrefixes } from '../kind-prefixes.js';

/** `GET {P}/audit`: the tree’s record log, newest first (the kernel's RecordLog holds the SQL). */
export async function auditRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();
  route.get('/audit', {
    config: { humanOnly: false },
    schema: {
      summary: 'Audit trail of the tree, newest first',
      description: 'Every change to the tree as the record that was written with it. `include` keeps kinds starting with one of the given prefixes. Keyset paging: rows added while you page appear on a fresh first page, never inside a walk.',
      tags: ['audit'],
      querystring: AuditQuery,
      response: { 200: Page(AuditEntryDto) },
    },
  }, async (request) => {
    const kindPrefixes = parseKindPrefixes(request.query.include);
    // The normalised prefixes go into the cursor's fingerprint: `note,media` and `media, note` page alike.
    const window = app.kernel.paging.open<number>('audit', { ...request.query, include: kindPrefixes.join(',') }, LIST_LIMITS);
    const records = request.tree.records;
    return window.read(
      (beforeSeq, limit) => records.list({ beforeSeq, limit, kindPrefixes }),
      () => records.count(kindPrefixes),
      (record) => record.seq,
    );
  });
}
