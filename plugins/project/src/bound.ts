/** The most bytes (UTF-8 JSON) a project-state digest may take. */
export const DIGEST_MAX_BYTES = 64 * 1024;

export interface Section<Item> {
  items: Item[];
  /** More items exist than the section shows (follow the section's own route for them). */
  more: boolean;
}

const size = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

/**
 * Fits `digest` into `maxBytes` by taking the last item off the section that has the most
 * bytes of items, again and again (marking it `more`), so every section keeps its newest
 * items and no section empties while another is large. Changes `digest` in place.
 */
export function fitDigest<D extends { sections: Record<string, Section<unknown>> }>(digest: D, maxBytes = DIGEST_MAX_BYTES): D {
  let total = size(digest);
  while (total > maxBytes) {
    const sections = Object.values(digest.sections).filter((section) => section.items.length > 0);
    if (sections.length === 0) break;
    const largest = sections.reduce((a, b) => (size(b.items) > size(a.items) ? b : a));
    const dropped = largest.items.pop();
    largest.more = true;
    // The item's bytes and the comma before it (if any item remains).
    total -= size(dropped) + (largest.items.length > 0 ? 1 : 0);
  }
  return digest;
}
