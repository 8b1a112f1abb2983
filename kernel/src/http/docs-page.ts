import type { FastifyInstance } from 'fastify';
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { Problems } from '../errors.js';

const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui-standalone-preset.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Rootline API</title>
<link rel="icon" href="/v1/docs/assets/favicon-32x32.png">
<link rel="stylesheet" href="/v1/docs/assets/swagger-ui.css">
</head>
<body>
<div id="docs"></div>
<script src="/v1/docs/assets/swagger-ui-bundle.js"></script>
<script src="/v1/docs/assets/swagger-ui-standalone-preset.js"></script>
<script src="/v1/docs/init.js"></script>
</body>
</html>
`;

const INIT = `window.ui = SwaggerUIBundle({
  url: '/v1/openapi.json',
  dom_id: '#docs',
  deepLinking: true,
  persistAuthorization: false,
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
  layout: 'StandaloneLayout'
});
`;

const CSP = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; script-src 'self'; connect-src 'self'";

/**
 * `GET /v1/docs`: the interactive API page (Swagger UI from the swagger-ui-dist package),
 * served from files on first request, so it costs nothing at start-up. Public, like
 * `/v1/openapi.json`; "Authorize" takes the bearer token for "Try it out".
 */
export async function docsPageRoutes(app: FastifyInstance) {
  const require = createRequire(import.meta.url);
  let folder: string | undefined;
  const assetsFolder = () => (folder ??= dirname(require.resolve('swagger-ui-dist/package.json')));
  const config = { public: true };

  // `/v1/docs/` is the same page (its links are absolute, so either address works).
  for (const url of ['/docs', '/docs/']) {
    app.get(url, { config, schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('content-security-policy', CSP).send(PAGE));
  }
  app.get('/docs/init.js', { config, schema: { hide: true } }, async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(INIT));
  app.get('/docs/assets/:file', { config, schema: { hide: true, params: Type.Object({ file: Type.String() }) } }, async (request, reply) => {
    const { file } = request.params as { file: string };
    const type = ASSETS[file];
    if (!type) throw Problems.notFound('No such file of the docs page');
    return reply.type(type).header('cache-control', 'public, max-age=86400').send(await readFile(join(assetsFolder(), file)));
  });
}
