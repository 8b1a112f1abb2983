import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { Kernel } from '../kernel.js';

const API_VERSION = '1.0';

/** `GET /v1/capabilities` (CONTRACT §11): versions, platform, what can be imported, loaded plugins. */
export const capabilitiesRoutes = (kernel: Kernel) => async function capabilities(app: FastifyInstance) {
  app.get('/capabilities', {
    config: { humanOnly: false },
    schema: {
      summary: 'What this server can do',
      tags: ['capabilities'],
      response: {
        200: Type.Object({
          api_version: Type.String({ examples: ['1.0'] }),
          app_version: Type.String(),
          ingest: Type.Array(Type.String()),
          platform: Type.String({ examples: ['linux-x64'] }),
          plugins: Type.Array(Type.Object({ name: Type.String(), version: Type.String() })),
        }),
      },
    },
  }, async () => ({
    api_version: API_VERSION,
    app_version: kernel.settings.appVersion,
    ingest: kernel.ingest(),
    platform: `${process.platform}-${process.arch}`,
    plugins: kernel.plugins.map(({ name, version }) => ({ name, version })),
  }));
};
