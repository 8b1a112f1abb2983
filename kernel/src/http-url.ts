/**
 * A followable web address: http or https with a host. The one rule every plugin uses
 * for URLs a genealogist may need to open again (source URLs, URL evidence, citation
 * elements of kind `url`).
 */
export function isHttpUrl(text: string): boolean {
  // The URL parser forgives `https:///host`; a host must follow the two slashes as written.
  if (!/^https?:\/\/[^/\s]/i.test(text)) return false;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && !/\s/.test(text);
}
