import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ConflictDto as Stored } from '@rootline/contracts/conflicts';
import type { ConflictDto } from './schemas.js';

/** Conflicts as the request's reader may see them (`conflictsService.seenBy` with the kernel's `filterForReader`). */
export function conflictsForReader(app: FastifyInstance, request: FastifyRequest, conflicts: Stored[]): ConflictDto[] {
  return request.diScope.cradle.conflictsService.seenBy(conflicts, (value) => app.kernel.filterForReader(request, value)) as ConflictDto[];
}
