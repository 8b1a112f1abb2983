import { Type } from '@sinclair/typebox';
import { definePlugin, isHttpUrl, singleton } from '@rootline/kernel';
import { TelemetryService } from './service.js';
import { TelemetryExporter } from './exporter.js';
import { telemetryRoutes } from './routes/telemetry.js';

const PLUGIN_NAME = '@rootline/plugin-telemetry';

/**
 * @rootline/plugin-telemetry: usage events with consent (CONTRACT §11). Off until the human
 * acknowledges the disclosure; events of a fixed catalogue, numbers and fixed words only, kept
 * in the registry (bounded) and sent in batches to `ROOTLINE_TELEMETRY_URL` only while export
 * is on, with back-off on failure. Optional: a build without it has no telemetry routes.
 */
export default definePlugin({
  name: PLUGIN_NAME,
  scope: 'global',
  options: Type.Object({
    url: Type.String({ default: '', description: 'Where batches are sent (http or https); empty: events wait on the machine' }),
    max_events: Type.Integer({ minimum: 2, maximum: 1_000_000, default: 10_000, description: 'The most events kept waiting; the oldest make room' }),
    batch_size: Type.Integer({ minimum: 1, maximum: 10_000, default: 100, description: 'Events per export request (less than max_events)' }),
    interval_ms: Type.Integer({ minimum: 10, default: 900_000, description: 'How often waiting events are sent while export is on' }),
    timeout_ms: Type.Integer({ minimum: 1, default: 10_000, description: 'How long the destination has to answer one batch' }),
    retry_base_ms: Type.Integer({ minimum: 1, default: 60_000, description: 'The wait after a failed attempt, doubled after each further failure' }),
    retry_max_ms: Type.Integer({ minimum: 1, default: 21_600_000, description: 'The longest wait between attempts' }),
  }),
  environment: { url: 'ROOTLINE_TELEMETRY_URL', interval_ms: 'ROOTLINE_TELEMETRY_INTERVAL_MS' },
  register(app, options) {
    if (options.url !== '' && !isHttpUrl(options.url)) throw new Error(`Plugin ${PLUGIN_NAME}: option "url" (ROOTLINE_TELEMETRY_URL) must be an http or https URL`);
    if (options.batch_size >= options.max_events) throw new Error(`Plugin ${PLUGIN_NAME}: option "batch_size" must be less than "max_events"`);
    const kernel = app.kernel;
    const tables = kernel.registryTables();
    const settings = { url: options.url, maxEvents: options.max_events, batchSize: options.batch_size, retryBaseMs: options.retry_base_ms, retryMaxMs: options.retry_max_ms };
    const exporter = { url: options.url, intervalMs: options.interval_ms, timeoutMs: options.timeout_ms, appVersion: kernel.settings.appVersion, platform: `${process.platform}-${process.arch}` };
    kernel.services({
      telemetryService: singleton(({ clock, ids }) => new TelemetryService(tables, clock, ids, settings)),
      telemetryExporter: singleton(({ telemetryService, clock, logger }) => new TelemetryExporter(telemetryService, exporter, () => clock.now(), logger), (running) => running.stop()),
    });
    app.addHook('onReady', async () => kernel.cradle.telemetryExporter.start());
    app.addHook('preClose', async () => kernel.cradle.telemetryExporter.stop());
    kernel.globalRoutes(telemetryRoutes);
  },
});
