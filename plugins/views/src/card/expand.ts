/** The lists a card can carry, each at most `EXPANDED_ROWS` rows with its full count. */
export const EXPANSIONS = ['events', 'assertions', 'sources'] as const;
export type Expansion = (typeof EXPANSIONS)[number];

/** The spec's cap on each expanded list. */
export const EXPANDED_ROWS = 100;

const isExpansion = (name: string): name is Expansion => (EXPANSIONS as readonly string[]).includes(name);

/**
 * `expand=events,assertions`: names separated by commas (spaces around them and empty
 * names ignored, a repeated name counts once). Returns the first unknown name, if any,
 * so the route can refuse it.
 */
export function parseExpand(text: string | undefined): { expand: Set<Expansion>; unknown?: string } {
  const expand = new Set<Expansion>();
  for (const raw of (text ?? '').split(',')) {
    const name = raw.trim();
    if (name === '') continue;
    if (!isExpansion(name)) return { expand, unknown: name };
    expand.add(name);
  }
  return { expand };
}
