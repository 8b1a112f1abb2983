/**
 * Which plugin owns which kinds of entity, and how it labels them: each owner declares its kinds
 * while it registers (`kernel.ownsEntities`), in manifest order. A plugin that reads ids of any
 * kind (the labels route, a redaction, a media link) asks the request's `entityLabels` instead of
 * listing every owner itself, and a server built without an owner simply knows none of its ids.
 */
import type { EntityLabel } from './labels.js';
import type { ServiceCradle } from './plugin-api/services.js';

/** How an owner labels the ids it knows among `ids` (its service's `labels`, from the request's cradle); unknown ids left out. */
export type EntityLabeller = (services: ServiceCradle, ids: string[]) => EntityLabel[];

/** The request's labels of entities of any kind (registered on the container as `entityLabels`). */
export interface EntityLabels {
  /**
   * Labels of the ids some owner knows, unknown ids left out; `kinds`: asked only of the owners
   * of those kinds (`['persona']`: whether an id is a persona).
   */
  of(ids: readonly string[], kinds?: readonly string[]): EntityLabel[];
}

export class EntityOwners {
  private readonly owners: { kinds: readonly string[]; labels: EntityLabeller }[] = [];

  add(kinds: readonly string[], labels: EntityLabeller): void {
    this.owners.push({ kinds, labels });
  }

  /**
   * The labels of `services`' request. Ids are unique across kinds, so an id one owner labels is
   * not asked of the next; an owner's service is built only while some id is still unknown.
   */
  for(services: ServiceCradle): EntityLabels {
    return {
      of: (ids, kinds) => {
        const found: EntityLabel[] = [];
        let rest = [...new Set(ids)];
        for (const owner of this.owners) {
          if (rest.length === 0) break;
          if (kinds && !owner.kinds.some((kind) => kinds.includes(kind))) continue;
          const labels = owner.labels(services, rest);
          found.push(...labels);
          const known = new Set(labels.map((label) => label.id));
          rest = rest.filter((id) => !known.has(id));
        }
        return found;
      },
    };
  }
}
