import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@rootline/kernel';
import { DEFAULT_EXAMPLES, SignalsDto, SignalsQuery } from '../schemas.js';

const DESCRIPTION =
  'Static dashboard signals of the tree, always as of its last change (the first read after a start reads the whole tree; later reads follow the changes made since, and more than 2,000 of them mean a whole reading again): sourceless people, conclusions without evidence, date inconsistencies ' +
  '(six kinds, each with its own count) and end-of-line ancestors, each a count plus the first examples by id with their labels. ' +
  'Births and deaths are the persons\' summaries (what the persons list shows: a confirmed claim before a pending one, a birth before a baptism or christening, a death before a burial); ' +
  'a birth summary that rests on a baptism or christening bounds the birth only from above (the birth was on or before it). ' +
  'Dates are compared as intervals of days read from the @rootline/gedcom-date sort key: a plain date covers its day, month or year; ABT/CAL/EST widen by 3 years each side; ' +
  'BEF x runs to the end of x with no earlier bound, AFT x from the start of x with no later bound (x itself allowed either way), BET x AND y and FROM x from the start of x with no later bound; ' +
  'a phrase or an unconvertible date takes part in no comparison. ' +
  'A signal fires only when it holds for every day both intervals allow, so an uncertain date never raises an alarm (parent exactly 12, mother exactly 55: not flagged). ' +
  'Ages add whole calendar years (29 FEB -> 28 FEB). Parent ages and a mother\'s death count for birth and unknown pedigrees only (not adopted, foster, step).';

/** `GET {P}/research/signals` (both mounts: CONTRACT §2). */
export async function signalsRoutes(app: FastifyInstance) {
  app.withTypeProvider<TypeBoxTypeProvider>().get('/research/signals', {
    config: { humanOnly: false },
    schema: {
      summary: 'Research signals: sourceless people, conclusions without evidence, date inconsistencies, end-of-line ancestors',
      description: DESCRIPTION,
      tags: ['research'],
      querystring: SignalsQuery,
      response: { 200: SignalsDto },
    },
  }, async (request) => request.diScope.cradle.signalsService.signals(request.query.examples ?? DEFAULT_EXAMPLES));
}
