import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@rootline/kernel';
import { FeedbackReceiptDto, SubmitFeedbackRequest } from '../schemas.js';

/** `POST /v1/feedback`: human-only (CONTRACT §3). */
export async function feedbackRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();
  route.post('/feedback', {
    config: { humanOnly: true },
    schema: {
      summary: 'Send feedback to the Rootline project',
      description:
        'The only route that sends text off the machine: the message, the e-mail address and the name (if given), with the app version and platform the server fills in, go as JSON to the destination configured by `ROOTLINE_FEEDBACK_URL`. ' +
        '202 only once the destination accepted it (answered 2xx). Checked in this order, each before anything leaves: 422 `feedback-refused` (empty or over 10,000 characters, an invalid e-mail address, a name over 200 characters; `errors[]` names the field); ' +
        '503 `feedback-unavailable` (no destination configured); 429 `rate-limited` with `Retry-After` (seconds) when 5 messages were already delivered in the last hour (a rolling hour; `max_per_hour` in the manifest, `ROOTLINE_FEEDBACK_MAX_PER_HOUR`). ' +
        '502 `feedback-unreachable` when the destination cannot be reached, answers anything but 2xx, or does not answer within 10 seconds (`ROOTLINE_FEEDBACK_TIMEOUT_MS`); such a message does not count towards the limit. Nothing of the message is kept on the machine.',
      tags: ['feedback'],
      body: SubmitFeedbackRequest,
      response: { 202: FeedbackReceiptDto },
      'x-problems': [422, 429, 502, 503],
    },
  }, async (request, reply) => {
    reply.code(202);
    return app.kernel.cradle.feedbackService.submit(request.body);
  });
}
