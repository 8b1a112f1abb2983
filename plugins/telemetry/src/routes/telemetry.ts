import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@rootline/kernel';
import { PutTelemetryConfigRequest, TelemetryConfigDto, TelemetryEventReceiptDto, TelemetryEventRequest } from '../schemas.js';

const TAGS = ['telemetry'];

/**
 * `GET|PUT /v1/telemetry/config`, `POST /v1/telemetry/events`. Only the human changes consent
 * (CONTRACT §3: telemetry config write); reading it and sending events are open to agents.
 */
export async function telemetryRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();
  const service = () => app.kernel.cradle.telemetryService;

  route.get('/telemetry/config', {
    config: { humanOnly: false },
    schema: {
      summary: 'Read the telemetry consent and what telemetry keeps',
      description: 'The disclosure (text and version), whether the human acknowledged it (telemetry is off until then: events are checked and dropped), whether export is on, what is waiting on the machine, the export\'s state, and the catalogue of events.',
      tags: TAGS,
      response: { 200: TelemetryConfigDto },
    },
  }, () => service().config());

  route.put('/telemetry/config', {
    config: { humanOnly: true },
    schema: {
      summary: 'Acknowledge the disclosure, turn export on or off, or withdraw',
      description: 'Human-only (an agent gets 403). `acknowledged_disclosure_version` must be the version shown (else 422 `telemetry-disclosure-mismatch`), or `disclosure_acknowledged: true` (the specification\'s form) acknowledges the one shown; null (or `disclosure_acknowledged: false`) withdraws: telemetry and export off, waiting events deleted. `export_enabled: true` without the current disclosure acknowledged: 422 `telemetry-consent-required`. At least one field (else 400). A refusal changes nothing.',
      tags: TAGS,
      body: PutTelemetryConfigRequest,
      response: { 200: TelemetryConfigDto },
      'x-problems': [422],
    },
  }, (request) => service().putConfig(request.body));

  route.post('/telemetry/events', {
    config: { humanOnly: false },
    schema: {
      summary: 'Record a telemetry event',
      description: 'An event of the catalogue with whole numbers in range, booleans and words of fixed lists only: a name outside the catalogue, an unknown field, text, an id or a name is refused 422 `telemetry-event-refused` (`errors[]`) and nothing is kept. While telemetry is on, the event waits on the machine (the server adds the time; at most `store_limit` wait, the oldest make room) until export sends it; while off, 202 `{ "kept": false }`.',
      tags: TAGS,
      body: TelemetryEventRequest,
      response: { 202: TelemetryEventReceiptDto },
      'x-problems': [422],
    },
  }, (request, reply) => {
    reply.code(202);
    return service().record(request.body);
  });
}
