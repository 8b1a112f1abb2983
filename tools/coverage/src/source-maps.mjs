// Loader hooks that run after tsx: tsx's inline source maps name the TypeScript file but carry
// `sourcesContent: [null]`, and v8-to-istanbul (tap's coverage report) takes that null as the
// file's text, so every file would count as one line. Dropping the empty `sourcesContent` makes
// the report read the original file from disk, as it does for any map without contents.
const INLINE_MAP = '//# sourceMappingURL=data:application/json;base64,';

/** The module's code with its inline source map's empty `sourcesContent` taken out. */
export function withReadableMap(code) {
  const at = code.lastIndexOf(INLINE_MAP);
  const encoded = at < 0 ? '' : code.slice(at + INLINE_MAP.length).trimEnd();
  // The map must be the module's last line.
  if (!/^[A-Za-z0-9+/=]+$/.test(encoded)) return code;
  const map = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'));
  if (!Array.isArray(map.sourcesContent) || map.sourcesContent.some((text) => typeof text === 'string')) return code;
  delete map.sourcesContent;
  return `${code.slice(0, at)}${INLINE_MAP}${Buffer.from(JSON.stringify(map)).toString('base64')}\n`;
}

export async function load(url, context, nextLoad) {
  const loaded = await nextLoad(url, context);
  if (!url.startsWith('file:') || !/\.[cm]?tsx?$/.test(url) || loaded.source == null) return loaded;
  return { ...loaded, source: withReadableMap(String(loaded.source)) };
}
