import type { FastifyRequest } from 'fastify';

/**
 * What one reader may see of a value a route is about to hand out: gets the request (its
 * `actor`, its `tree`) and the value, returns the value itself when nothing changes, else a
 * changed copy of the same shape (where any field may read as a marker string). A filter never
 * changes the value it is given: the caller may still hold it.
 */
export type ReadFilter = (request: FastifyRequest, value: unknown) => unknown;

/**
 * The read filters plugins registered (`kernel.addReadFilter`), applied in registration order
 * (manifest order) by `kernel.filterForReader`. How a plugin hides something from a reader in
 * replies it cannot see as JSON (an SVG chart drawn by another plugin) without either plugin
 * depending on the other: the drawing plugin filters its data before drawing, whoever filters.
 */
export class ReadFilters {
  private readonly filters: ReadFilter[] = [];

  add(filter: ReadFilter): void {
    this.filters.push(filter);
  }

  /** `value` through every filter; `value` itself when no filter is registered. */
  apply<T>(request: FastifyRequest, value: T): T {
    let result: unknown = value;
    for (const filter of this.filters) result = filter(request, result);
    return result as T;
  }
}
