import { optionalService, type EntityLabels } from '@rootline/kernel';
import type {} from '@rootline/contracts/sources';

/** What a media object may be attached to by hand, as the GEDCOM structures that hold an OBJE. */
export type AttachableKind = 'citation' | 'source' | 'claim' | 'event' | 'relationship';

/** The labelled kinds a media object may be attached to (the kernel's owners' kinds), as the link calls them. */
const ATTACHABLE: Readonly<Record<string, AttachableKind>> = { source: 'source', assertion: 'claim', event: 'event', relationship: 'relationship' };

/**
 * Whether what a media object is to be linked to exists in the tree, asked of its owner plugin:
 * the kernel's `entityLabels`, which asks the plugins that own each kind (a server built without
 * events knows no event). A citation has no label: the sources plugin's `citationsService`
 * answers for it. The media plugin reads no other plugin's tables.
 */
export class LinkTargets {
  constructor(private readonly cradle: { entityLabels: EntityLabels }) {}

  /** Whether `id` is a persona of this tree. */
  isPersona(id: string): boolean {
    return this.cradle.entityLabels.of([id], ['persona']).length > 0;
  }

  /** The kind of `id` among what a media object can be attached to; undefined for anything else (or nothing). */
  attachable(id: string): AttachableKind | undefined {
    if (optionalService(this.cradle, 'citationsService')?.exists(id)) return 'citation';
    const [label] = this.cradle.entityLabels.of([id], Object.keys(ATTACHABLE));
    return label && ATTACHABLE[label.kind];
  }
}
