import type { FastifyRequest } from 'fastify';
import type { CitationsService } from '../service.js';
import { CitationProblems } from '../errors.js';

export const citations = (request: FastifyRequest) => request.diScope.resolve<CitationsService>('citationsService');

/**
 * Refuses an unknown source. The sources plugin depends on this one (it creates citations),
 * so citations cannot declare it back; it asks the container for `sourcesService` at request
 * time instead. Without the sources plugin no source can exist, so any source is unknown.
 */
export function ensureSourceExists(request: FastifyRequest, source: string | undefined): void {
  if (source === undefined) return;
  const scope = request.diScope;
  const known = scope.hasRegistration('sourcesService') && scope.resolve<{ exists(id: string): boolean }>('sourcesService').exists(source);
  if (!known) throw CitationProblems.sourceNotFound(source);
}
