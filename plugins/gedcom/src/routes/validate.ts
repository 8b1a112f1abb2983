import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { validateGedcom } from '@rootline/gedcom';
import type { TypeBoxTypeProvider } from '@rootline/kernel';
import { ValidateQuery, ValidationReport } from '../schemas.js';
import { acceptRawBodies, rawBody, refuseTooLarge, withCeiling } from './raw-body.js';

/** Messages of each list at most (a broken file can have one per line). */
const MAX_MESSAGES = 1000;

/**
 * `POST {P}/gedcom/validate?version_hint=` (raw file body): the validator's report. Writes
 * nothing: the body streams through the validator and is never stored. Open to agents.
 */
export const validateRoutes = (maxBytes: number) => async function validate(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();
  acceptRawBodies(app);

  route.post('/gedcom/validate', {
    config: { humanOnly: false },
    schema: {
      summary: 'Validate a GEDCOM file without importing it',
      description: `Send the file as the raw body. 200 with the version, whether it is valid, errors and warnings ({ line, code, message }, at most ${MAX_MESSAGES} each) and counts. Nothing is stored. Bodies over ${maxBytes} bytes: 413.`,
      tags: ['gedcom'],
      consumes: ['application/octet-stream'],
      'x-raw-body': Type.String({ format: 'binary', description: 'The bytes of the GEDCOM file (.ged) or GEDZIP (.gdz), sent as they are' }),
      querystring: ValidateQuery,
      response: { 200: ValidationReport },
      'x-problems': [413],
    },
  }, async (request) => {
    const tooLarge = () => refuseTooLarge(request, maxBytes);
    const body = withCeiling(rawBody(request, maxBytes), maxBytes, tooLarge);
    return validateGedcom(body, { ...(request.query.version_hint ? { versionHint: request.query.version_hint } : {}), maxMessages: MAX_MESSAGES });
  });
};
