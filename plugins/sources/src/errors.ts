import { Problems } from '@rootline/kernel';

/** Problems the sources plugin throws. */
export const SourceProblems = {
  sourceNotFound: (id: string) => Problems.notFound(`There is no source ${id} in this tree`, { extras: { entity: 'source' } }),
  urlNotFollowable: (url: string) =>
    Problems.validationFailed(`"${url.slice(0, 200)}" is not an http or https address with a host`, {
      errors: [{ location: 'body', name: 'url', message: 'must be an http or https address with a host' }],
    }),
  blobNotFound: (hex: string) => Problems.notFound(`There is no blob ${hex} in this tree; upload it with POST /v1/blobs first`, { extras: { entity: 'blob' } }),
};
