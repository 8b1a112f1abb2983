import { TOKEN_IN_TEXT } from '../auth/tokens.js';

/**
 * A request's path as the log and a Problem's `instance` name it: no query string, no
 * absolute-form authority (`http://host/path` is `/path`), and no token, whether written as it
 * is or percent-encoded (`/v1/persons/%72lh_...`): a token is never logged nor echoed.
 */
export function requestPath(url: string | undefined): string {
  return maskTokens((url ?? '').split('?')[0].replace(/^[a-z][a-z\d+.-]*:\/\/[^/]*/i, ''));
}

/** `text` with every token in it read as `[token]`; a text holding one only once percent-decoded is given decoded. */
export function maskTokens(text: string): string {
  let decoded = text;
  try {
    decoded = decodeURIComponent(text);
  } catch {
    // Not percent-encoding as written: only the text as it stands can hold a token.
  }
  const holds = (candidate: string) => candidate.replace(TOKEN_IN_TEXT, '') !== candidate;
  return (decoded !== text && holds(decoded) ? decoded : text).replace(TOKEN_IN_TEXT, '[token]');
}
