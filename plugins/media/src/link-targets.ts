import { optionalService } from '@rootline/kernel';
import type {} from '@rootline/contracts/personas';
import type {} from '@rootline/contracts/sources';
import type {} from '@rootline/contracts/assertions';
import type {} from '@rootline/contracts/events';
import type {} from '@rootline/contracts/family';

/** What a media object may be attached to by hand, as the GEDCOM structures that hold an OBJE. */
export type AttachableKind = 'citation' | 'source' | 'claim' | 'event' | 'relationship';

/**
 * Whether what a media object is to be linked to exists in the tree, asked of its owner
 * plugin through the services it registers (each optional: a server built without events knows
 * no event). The media plugin reads no other plugin's tables; the service layer stays the
 * caller's knowledge, as `mediaService.depicts` and `attach` say.
 */
export class LinkTargets {
  constructor(private readonly cradle: object) {}

  /** Whether `id` is a persona of this tree. */
  isPersona(id: string): boolean {
    return optionalService(this.cradle, 'personasService')?.exists(id) ?? false;
  }

  /** The kind of `id` among what a media object can be attached to; undefined for anything else (or nothing). */
  attachable(id: string): AttachableKind | undefined {
    const has = (labels: { id: string }[] | undefined) => (labels ?? []).length > 0;
    if (optionalService(this.cradle, 'citationsService')?.exists(id)) return 'citation';
    if (has(optionalService(this.cradle, 'sourcesService')?.labels([id]))) return 'source';
    if (has(optionalService(this.cradle, 'assertionsService')?.labels([id]))) return 'claim';
    if (has(optionalService(this.cradle, 'eventsService')?.labels([id]))) return 'event';
    if (has(optionalService(this.cradle, 'familyService')?.labels([id]))) return 'relationship';
    return undefined;
  }
}
