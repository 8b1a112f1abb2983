import { Problems, entityNotFound } from '@rootline/kernel';

/** Problems of sources (citations have theirs in `citations/errors.ts`). */
export const SourceProblems = {
  sourceNotFound: (id: string) => entityNotFound('source', id),
  urlNotFollowable: (url: string) =>
    Problems.validationFailed(`"${url.slice(0, 200)}" is not an http or https address with a host`, {
      errors: [{ location: 'body', name: 'url', message: 'must be an http or https address with a host' }],
    }),
  // Not entityNotFound: the detail also says how to get the blob into the tree.
  blobNotFound: (hex: string) => Problems.notFound(`There is no blob ${hex} in this tree; upload it with POST /v1/blobs first`, { extras: { entity: 'blob' } }),
};
