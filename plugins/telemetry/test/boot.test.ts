import t from 'tap';
import { telemetryServer } from './fixtures/helpers.js';

t.test('options that cannot work stop boot with one line', async (t) => {
  await t.rejects(telemetryServer(t, { url: 'file:///tmp/x' }), { message: /@rootline\/plugin-telemetry: option "url" \(ROOTLINE_TELEMETRY_URL\) must be an http or https URL/ });
  await t.rejects(telemetryServer(t, { max_events: 10, batch_size: 10 }), { message: /"batch_size" must be less than "max_events"/ });
});
