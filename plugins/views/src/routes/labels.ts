import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@rootline/kernel';
import { LabelsQuery, LabelsReply } from '../schemas.js';
import { ViewProblems } from '../errors.js';

/** The most ids one request may ask labels for. */
const MAX_IDS = 500;

/** `GET {P}/labels?ids=a,b,...`. */
export async function labelsRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<TypeBoxTypeProvider>();
  route.get('/labels', {
    config: { humanOnly: false },
    schema: {
      summary: 'Short labels for ids of any kind',
      description:
        'Persons, personas, sources, events, assertions, relationships, notes (its first line, at most 80 characters) and media objects (the title, else the file name): whatever the plugins loaded own (`kernel.ownsEntities`); ids are unique across kinds, so no kind is given. ' +
        'An unknown id is left out; the order is unspecified; a repeated id is answered once. At most 500 ids (more is 400); ' +
        '`ids` is required. A label made of redacted fields reads "[redacted]" for an agent.',
      tags: ['labels'],
      querystring: LabelsQuery,
      response: { 200: LabelsReply },
    },
  }, async (request) => {
    const ids = [...new Set(request.query.ids.split(',').map((id) => id.trim()).filter((id) => id !== ''))];
    if (ids.length === 0) throw ViewProblems.noIds();
    if (ids.length > MAX_IDS) throw ViewProblems.tooManyIds(ids.length, MAX_IDS);
    // Redactions are applied by the reply hook: a label made of a redacted field reads "[redacted]" for an agent.
    return { labels: request.diScope.cradle.entityLabels.of(ids) };
  });
}
