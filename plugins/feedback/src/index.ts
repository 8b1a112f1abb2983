import { Type } from '@sinclair/typebox';
import { definePlugin, isHttpUrl, singleton } from '@rootline/kernel';
import { FeedbackService } from './service.js';
import { feedbackRoutes } from './routes/feedback.js';

const PLUGIN_NAME = '@rootline/plugin-feedback';

/**
 * @rootline/plugin-feedback: `POST /v1/feedback`, the human's message sent to the project's
 * feedback service (`ROOTLINE_FEEDBACK_URL`). Global: one route under /v1, the rate's
 * bookkeeping in the registry. Optional: a build without it has no feedback route.
 */
export default definePlugin({
  name: PLUGIN_NAME,
  scope: 'global',
  options: Type.Object({
    url: Type.String({ default: '', description: 'Where feedback is sent (http or https); empty: feedback is unavailable (503)' }),
    timeout_ms: Type.Integer({ minimum: 1, default: 10_000, description: 'How long the destination has to answer before 502' }),
    max_per_hour: Type.Integer({ minimum: 1, default: 5, description: 'Messages delivered in any rolling hour before 429' }),
  }),
  environment: { url: 'ROOTLINE_FEEDBACK_URL', timeout_ms: 'ROOTLINE_FEEDBACK_TIMEOUT_MS', max_per_hour: 'ROOTLINE_FEEDBACK_MAX_PER_HOUR' },
  register(app, options) {
    if (options.url !== '' && !isHttpUrl(options.url)) throw new Error(`Plugin ${PLUGIN_NAME}: option "url" (ROOTLINE_FEEDBACK_URL) must be an http or https URL`);
    const kernel = app.kernel;
    const tables = kernel.registryTables();
    const settings = {
      url: options.url,
      timeoutMs: options.timeout_ms,
      maxPerHour: options.max_per_hour,
      appVersion: kernel.settings.appVersion,
      platform: `${process.platform}-${process.arch}`,
    };
    kernel.services({ feedbackService: singleton(({ clock }) => new FeedbackService(tables, clock, settings)) });
    kernel.globalRoutes(feedbackRoutes);
  },
});
