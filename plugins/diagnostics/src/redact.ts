/**
 * Redaction of the diagnostics bundle: what could identify the user, their machine or the people
 * in their trees is replaced by a marker before the text is handed out. In this order: tokens
 * (`[token]`), e-mail addresses (`[email]`), filesystem paths (`[path]`), then every word of
 * every person and persona name (`[name]`). API paths (`/v1/...`) are routes, not files: kept.
 */

const TOKEN_PATTERNS: [RegExp, string][] = [
  // Rootline's own credentials (human and agent).
  [/\brl[ha]_[A-Za-z0-9_-]{8,}/g, '[token]'],
  // An Authorization header's value, wherever it was copied.
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/-]+=*/gi, '$1 [token]'],
  // JSON Web Tokens.
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]+/g, '[token]'],
  // `token=...`, `"password": "..."`, `api_key: ...`: the value of any key named like a secret.
  [/("?\b[\w-]*(?:token|secret|password|passwd|api[_-]?key|authorization|cookie|credential)[\w-]*"?\s*[:=]\s*)("(?:[^"\\]|\\.)*"|[^\s,;}&]+)/gi, '$1"[token]"'],
];

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

/** Windows drive paths (`C:\Users\...`, `C:/...`, JSON-escaped too), UNC shares, and `~/...`. */
const OTHER_PATHS = [/\b[A-Za-z]:(?:\\\\|\\|\/)[^\s"'<>|,;]*/g, /\\\\[^\s"'<>|,;\\]+\\[^\s"'<>|,;]*/g, /~[\\/][^\s"'<>|,;]*/g];
/**
 * Absolute POSIX paths: a `/` at the start of a value (after a space, a quote, `=`, `(`, `[` or
 * a comma) followed by something; `/v1` and `/v1/...` are API routes and stay.
 */
const POSIX_PATH = /(^|[\s"'=(,[])(\/[^\s"'<>|,;)\]]+)/gm;
const API_ROUTE = /^\/v1(?:\/|$)/;

/** Words of a name or of a text: letters, marks and digits (apostrophes and hyphens split them). */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
const fold = (word: string) => word.normalize('NFC').toLowerCase();

/** The words of `text` that name-redaction would look at (folded), to ask the trees only about those. */
export function wordsOf(text: string): Set<string> {
  return new Set(Array.from(text.matchAll(WORD), (match) => fold(match[0])).filter((word) => [...word].length >= 2));
}

/** The folded words of `names` that also occur in `wanted`: what to redact. */
export function nameWordsAmong(names: Iterable<string>, wanted: Set<string>, into = new Set<string>()): Set<string> {
  for (const name of names) {
    for (const match of name.matchAll(WORD)) {
      const word = fold(match[0]);
      if (wanted.has(word)) into.add(word);
    }
  }
  return into;
}

/** Tokens, e-mail addresses and filesystem paths; the machine's own folders (`known`) first, by value. */
export function redactSecrets(text: string, known: readonly string[] = []): string {
  let result = text;
  for (const [pattern, marker] of TOKEN_PATTERNS) result = result.replace(pattern, marker);
  result = result.replace(EMAIL, '[email]');
  for (const folder of known.filter((entry) => entry.length > 1).sort((a, b) => b.length - a.length)) {
    // The folder itself, or anything inside it (not a longer name that starts the same).
    result = result.replace(new RegExp(`${folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=$|[\\\\/\\s"'<>|,;])[^\\s"'<>|,;]*`, 'g'), '[path]');
  }
  for (const pattern of OTHER_PATHS) result = result.replace(pattern, '[path]');
  return result.replace(POSIX_PATH, (whole, before: string, path: string) => (API_ROUTE.test(path) ? whole : `${before}[path]`));
}

/** The machine's name (`[host]`) and the user's login name (`[user]`), as whole words, in any case. */
export function redactMachine(text: string, machine: { hostname: string; username: string }): string {
  let result = text.replace(/("hostname"\s*:\s*)"(?:[^"\\]|\\.)*"/g, '$1"[host]"');
  for (const [value, marker] of [[machine.hostname, '[host]'], [machine.username, '[user]']]) {
    if ([...value].length < 2) continue;
    result = result.replace(new RegExp(`(?<![\\p{L}\\p{N}_-])${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}_-])`, 'giu'), marker);
  }
  return result;
}

/** Every word of `text` that is one of `nameWords` (folded) becomes `[name]`. */
export function redactNames(text: string, nameWords: ReadonlySet<string>): string {
  if (nameWords.size === 0) return text;
  return text.replace(WORD, (word) => (nameWords.has(fold(word)) ? '[name]' : word));
}
