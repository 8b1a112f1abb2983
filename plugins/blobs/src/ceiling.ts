/** 256 MiB unless ROOTLINE_BLOB_MAX_BYTES says otherwise (CONTRACT §8). */
export const DEFAULT_MAX_BYTES = 256 * 1024 * 1024;

export function uploadCeiling(env: NodeJS.ProcessEnv): number {
  const configured = Number(env.ROOTLINE_BLOB_MAX_BYTES);
  return Number.isSafeInteger(configured) && configured >= 0 && env.ROOTLINE_BLOB_MAX_BYTES !== '' ? configured : DEFAULT_MAX_BYTES;
}
