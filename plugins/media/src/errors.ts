import { entityNotFound } from '@rootline/kernel';

/** Problems the media plugin throws. */
export const MediaProblems = {
  mediaNotFound: (id: string) => entityNotFound('media', id),
  /** A blob must be uploaded to this tree before a media object can point at it. */
  blobNotFound: (address: string) => entityNotFound('blob', address),
};
