/** The most bytes (UTF-8 JSON) a project-state digest may take. */
export const DIGEST_MAX_BYTES = 64 * 1024;

export interface Section<Item> {
  items: Item[];
  /** More items exist than the section shows (follow the section's own route for them). */
  more: boolean;
}

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

/** `"more":false` becomes `"more":true`: one byte less. */
const MORE_FLIP = bytes(false) - bytes(true);

/**
 * Fits `digest` into `maxBytes` by taking the last item off the section that has the most
 * bytes of items, again and again (marking it `more`), so every section keeps its newest
 * items and no section empties while another is large. It cuts no more than needed: the
 * size is kept exactly as each item goes (the item, the comma before it, and `more` turning
 * true), and it stops as soon as the digest fits. `view` is what the reader gets of a value
 * (redactions change the bytes of what they hide): every size is measured through it. Changes
 * `digest` in place.
 */
export function fitDigest<D extends { sections: Record<string, Section<unknown>> }>(digest: D, maxBytes = DIGEST_MAX_BYTES, view = (value: unknown) => value): D {
  const size = (value: unknown) => bytes(view(value));
  let total = size(digest);
  if (total <= maxBytes) return digest;
  // The bytes of every item, per section, and of each section's items: measured once.
  const sections = Object.values(digest.sections).map((section) => {
    const sizes = section.items.map(size);
    return { section, sizes, bytes: size(section.items) };
  });
  while (total > maxBytes) {
    const candidates = sections.filter(({ section }) => section.items.length > 0);
    if (candidates.length === 0) break;
    const largest = candidates.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    largest.section.items.pop();
    // The item's bytes and the comma before it (if any item remains).
    const cut = largest.sizes.pop()! + (largest.section.items.length > 0 ? 1 : 0);
    largest.bytes -= cut;
    total -= cut;
    if (!largest.section.more) total -= MORE_FLIP;
    largest.section.more = true;
  }
  return digest;
}
