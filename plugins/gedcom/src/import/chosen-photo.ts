import type { GedcomNode } from '@rootline/gedcom';
import type { MappingContext } from './context.js';
import { keepMediaLink } from './map-media.js';

/**
 * Family Tree Maker's `1 _PHOTO @M31@`: which of an individual's media objects is its chosen
 * photo (the one its charts show). The media object is kept as depicting the individual, as an
 * `INDI.OBJE` link is (FTM writes the same pointer as an OBJE beside it, so mostly this adds
 * nothing); which photo was the chosen one is not kept: a depiction has no "chosen". Reported
 * as kept in that form, and a pointer to no media record as lost.
 */
export function keepChosenPhotos(context: MappingContext, record: GedcomNode, persona: string): void {
  for (const photo of record.children) {
    if (photo.tag !== '_PHOTO') continue;
    const media = photo.pointer ? context.media.get(photo.pointer) : undefined;
    if (media === undefined) {
      context.lose('INDI._PHOTO', photo, photo.pointer ? `points to no media record (@${photo.pointer}@)` : 'chosen photo without a pointer to a media record');
      continue;
    }
    keepMediaLink(context, media, { depicts: persona }, photo, 'INDI._PHOTO');
    context.keptAs('INDI._PHOTO', photo, 'kept as a photo depicting the person (as its OBJE); which photo is the chosen one is not kept');
  }
}
