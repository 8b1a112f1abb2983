import { Type } from '@sinclair/typebox';
import { definePlugin, singleton, systemActor } from '@rootline/kernel';
import { DiagnosticsService } from './service.js';
import { diagnosticsRoutes } from './routes/diagnostics.js';

/**
 * @rootline/plugin-diagnostics: `GET /v1/diagnostics` and `GET /v1/diagnostics/bundle` (CONTRACT
 * §11). Global; reads every tree through the kernel and the names of each tree's personas
 * through their service (to redact them). Optional: a build without it has no diagnostics routes.
 */
export default definePlugin({
  name: '@rootline/plugin-diagnostics',
  scope: 'global',
  dependencies: ['@rootline/plugin-personas'],
  options: Type.Object({
    log_bytes: Type.Integer({ minimum: 1024, default: 1_048_576, description: 'How much of the end of the log is read for the error counts and the bundle' }),
    log_lines: Type.Integer({ minimum: 0, default: 200, description: 'Log lines in the bundle' }),
  }),
  register(app, options) {
    const kernel = app.kernel;
    const startedAtMs = kernel.cradle.clock.now();
    kernel.services({
      diagnosticsService: singleton(({ clock }) => new DiagnosticsService(kernel, clock, (tree) => kernel.servicesFor(tree, systemActor).personasService, {
        startedAtMs,
        logBytes: options.log_bytes,
        logLines: options.log_lines,
        env: kernel.settings.env,
      })),
    });
    kernel.globalRoutes(diagnosticsRoutes);
  },
});
