import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@rootline/kernel';
import { ConnectPreviewDto, ConnectResultDto, HarnessListResponseDto, HarnessParams } from '../schemas.js';

const TAGS = ['integrations'];

/**
 * `GET /v1/integrations/harnesses`, `POST /v1/integrations/{harness}/connect/preview`,
 * `POST /v1/integrations/{harness}/connect`. Connect and preview are the human's (CONTRACT §3):
 * they touch the human's own application settings and issue credentials. The list is open
 * to agents: ids, names and whether each is connected, nothing more.
 */
export async function integrationsRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();
  const service = () => app.kernel.cradle.integrationsService;

  route.get('/integrations/harnesses', {
    config: { humanOnly: false },
    schema: {
      summary: 'List the assistant apps Rootline can connect',
      description: 'The seven harnesses of CONTRACT §12 in a fixed order, with whether each is connected (a credential from connect still valid and the `rootline` entry still in its config file).',
      tags: TAGS,
      response: { 200: HarnessListResponseDto },
    },
  }, () => service().list());

  route.post('/integrations/:harness/connect/preview', {
    config: { humanOnly: true },
    schema: {
      summary: 'Show what connecting an assistant app would do',
      description: 'Computes exactly what connect would do to the harness\'s config file and writes nothing (no file, no folder, no credential). A config file that cannot be edited safely: 422 `harness-unavailable` with `reason` (invalid-json, not-an-object, servers-not-an-object, unreadable). The file is described in words, never given as a path.',
      tags: TAGS,
      params: HarnessParams,
      response: { 200: ConnectPreviewDto },
      'x-problems': [404, 422],
    },
  }, (request) => service().preview(request.params.harness));

  route.post('/integrations/:harness/connect', {
    config: { humanOnly: true },
    schema: {
      summary: 'Connect an assistant app to Rootline',
      description: 'Issues an agent credential for the harness (labelled with its name; its token is kept in Rootline\'s data folder, never in the harness\'s file) and adds a server entry `rootline` that starts `rootline mcp --harness <id> --data-dir <folder>` to the harness\'s config file, by one edit that keeps every other key and comment; the file as it was is copied beside it first, missing folders and the file are created, and the new version replaces the old atomically (temp file, fsync, rename). A reconnect replaces the entry and revokes the earlier credential. A file that cannot be edited safely: 422 `harness-unavailable`, nothing written. A write that fails: 500 `harness-connect-failed`, the original file as it was and no new credential left valid.',
      tags: TAGS,
      params: HarnessParams,
      response: { 200: ConnectResultDto },
      'x-problems': [404, 422],
    },
  }, (request) => service().connect(request.params.harness));
}
