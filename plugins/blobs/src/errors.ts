import { defineProblem, Problems } from '@rootline/kernel';

const emptyUpload = defineProblem('empty-upload', 422, 'Empty upload');

/** Problems the blobs plugin throws. */
export const BlobProblems = {
  blobNotFound: (address: string) => Problems.notFound(`No blob sha256:${address} in this tree`, { extras: { entity: 'blob' } }),
  tooLarge: (maxBytes: number) =>
    Problems.payloadTooLarge(`Uploads are limited to ${maxBytes} bytes (the option max_bytes, ROOTLINE_BLOB_MAX_BYTES); nothing was stored`, { extras: { max_bytes: maxBytes } }),
  /** 404 `not-found` for a blob that exists but has no thumbnail; `detail` says why. */
  noThumbnail: (detail: string) => Problems.notFound(detail, { extras: { entity: 'thumbnail' } }),
  /** 403 for an agent: the blob is an imported GEDCOM file or the human's export (BlobStore `humanOnly`). */
  humanOnly: (address: string) =>
    Problems.humanTokenRequired(`Blob sha256:${address} is the human's (an imported GEDCOM file or the human's export, with living persons and redacted values): ask the human, or export with your own token`),
  rangeNotSatisfiable: defineProblem('range-not-satisfiable', 416, 'Range not satisfiable'),
  /** 422 `empty-upload`: a blob of no bytes is no scan, photograph or document; nothing is stored. */
  emptyUpload: () => emptyUpload('The body is empty: send the bytes of the file; nothing was stored'),
};
