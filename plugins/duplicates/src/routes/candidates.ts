import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@rootline/kernel';
import { CandidatesQuery, CandidatesReply } from '../schemas.js';

/**
 * `GET {P}/persons/duplicate-candidates`. The path is under `/persons` but the route is this
 * plugin's: a static segment wins over the persons plugin's `/persons/:id` in the router.
 */
export async function candidatesRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();

  route.get('/persons/duplicate-candidates', {
    config: { humanOnly: false },
    schema: {
      summary: 'Ranked likely duplicates of a name, or of a person',
      description:
        'Give `given` and/or `surname` (at least one, with a letter; else 400 `name-required`), or `person` (its names, birth and death fill what the query ' +
        'leaves out; the person itself and every person remembered as not a match with it are left out). `birth` and `death` are GEDCOM dates, read ' +
        'tolerantly (`abt. 1850` is ABT 1850); text that is not a date is 400 `invalid-date` naming the parameter. ' +
        'Search: persons whose surname shares a blocking key with the query (the folded spelling, a Double Metaphone code, a Daitch–Mokotoff code or ' +
        'the consonant key: first letter and the set of the other consonants, which survives a transposed letter; ' +
        'given-name keys when the query has no surname), then scored: the weighted mean over the fields the query has (surname 0.45, given 0.35, ' +
        'birth 0.12, death 0.08) of how each agrees (exact 1, nickname 0.9, Double Metaphone 0.5 + JW/2, Daitch–Mokotoff 0.45 + JW/2 (JW: the Jaro–Winkler similarity), ' +
        'Jaro–Winkler >= 0.88 itself, initial 0.6, different 0, unknown 0.5; dates overlapping 1, within the ABT/EST ±3 / CAL ±2 years slack 1 - 0.1 ' +
        'a year apart (at least 0.6), close (up to 2 years beyond the slack) 0.3, conflicting 0), times 0.6 for each conflicting date (and 0.5 for male against female in a `person=` search). Candidates under ' +
        '0.6 are left out; retracted and merged persons never appear. Best first (score, then id); `limit` default 8, clamped to 1..50. Not paged.',
      tags: ['duplicates'],
      querystring: CandidatesQuery,
      response: { 200: CandidatesReply },
      'x-problems': [404],
    },
  }, async (request) => ({ items: await request.diScope.cradle.duplicatesService.candidatesWhenCaughtUp(request.query) }));
}
