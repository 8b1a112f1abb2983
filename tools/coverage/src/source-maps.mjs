// Loader hooks that run after tsx: tsx's inline source maps name the TypeScript file but carry
// `sourcesContent: [null]`, and v8-to-istanbul (tap's coverage report) takes that null as the
// file's text, so every file would count as one line. Dropping the empty `sourcesContent` makes
// the report read the original file from disk, as it does for any map without contents.
const INLINE_MAP = /\/\/# sourceMappingURL=data:application\/json;base64,([A-Za-z0-9+/=]+)\s*$/;

/** The module's code with its inline source map's empty `sourcesContent` taken out. */
export function withReadableMap(code) {
  const found = INLINE_MAP.exec(code);
  if (!found) return code;
  const map = JSON.parse(Buffer.from(found[1], 'base64').toString('utf8'));
  if (!Array.isArray(map.sourcesContent) || map.sourcesContent.some((text) => typeof text === 'string')) return code;
  delete map.sourcesContent;
  return code.slice(0, found.index) + `//# sourceMappingURL=data:application/json;base64,${Buffer.from(JSON.stringify(map)).toString('base64')}\n`;
}

export async function load(url, context, nextLoad) {
  const loaded = await nextLoad(url, context);
  if (!url.startsWith('file:') || !/\.[cm]?tsx?$/.test(url) || loaded.source == null) return loaded;
  return { ...loaded, source: withReadableMap(String(loaded.source)) };
}
