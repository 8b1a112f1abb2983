/**
 * Redaction of the diagnostics bundle: what could identify the user, their machine or the people
 * in their trees is replaced by a marker before the text is handed out. In this order: tokens
 * (`[token]`), e-mail addresses (`[email]`), filesystem paths (`[path]`), then every word of
 * every person and persona name (`[name]`), compared without case or accents. API paths
 * (`/v1/...`) are routes, not files: kept.
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

/**
 * A path goes on over a single space when the next piece reaches another separator
 * (`C:\Users\Ann Shaw\Documents`, `/Users/ann/Library/Application Support/Rootline`): folders
 * with spaces in their names are common, and what follows the space is still the path.
 */
const ON_OVER_SPACE = String.raw` (?=[^\s"'<>|,;\\/]*[\\/])`;
const PATH_TAIL = String.raw`(?:[^\s"'<>|,;]|${ON_OVER_SPACE})*`;
/** Windows drive paths (`C:\Users\...`, `C:/...`, JSON-escaped too), UNC shares, `~/...`, and `file://` URLs (a stack frame's `file:///...`). */
const OTHER_PATHS = [
  new RegExp(String.raw`\bfile:\/\/(?:[^\s"'<>|,;)\]]|${ON_OVER_SPACE})*`, 'gi'),
  new RegExp(String.raw`\b[A-Za-z]:(?:\\\\|\\|\/)${PATH_TAIL}`, 'g'),
  new RegExp(String.raw`\\\\[^\s"'<>|,;\\]+\\${PATH_TAIL}`, 'g'),
  new RegExp(String.raw`~[\\/]${PATH_TAIL}`, 'g'),
];
/**
 * Absolute POSIX paths: a `/` at the start of a value (after a space, a quote, `=`, `(`, `[`, a
 * comma, or a colon not opening a URL's `//`: `source:/home/...`) followed by something; `/v1`
 * and `/v1/...` are API routes and stay.
 */
const POSIX_PATH = new RegExp(String.raw`(^|[\s"'=(,[]|:(?!\/\/))(\/(?:[^\s"'<>|,;)\]]|${ON_OVER_SPACE})+)`, 'gm');
const API_ROUTE = /^\/v1(?:\/|$)/;

/** Words of a name or of a text: letters, marks and digits (apostrophes and hyphens split them). */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
/** A word, or a marker an earlier step put in (a person called Path leaves `[path]` whole). */
const WORD_OR_MARKER = /\[(?:token|email|path|host|user|name)\]|[\p{L}\p{M}\p{N}]+/gu;
/** Scripts written without spaces between words: a name in them is looked for inside longer runs of text. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
/** Letters that NFKD does not take apart (as the persons plugin folds them for its name search). */
const LETTERS: Record<string, string> = { ø: 'o', ß: 'ss', æ: 'ae', œ: 'oe', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };
const SPECIAL = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'gu');

/**
 * A word as names are compared: case, accents, compatibility forms and the letters above folded,
 * so `García`, `GARCIA` and `garcia` are one name (a name written without its accents is still
 * the name). In scripts written without spaces only the composition is normalised.
 */
export function nameKey(word: string): string {
  if (UNSPACED.test(word)) return word.normalize('NFC');
  return word.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().replace(SPECIAL, (letter) => LETTERS[letter]).normalize('NFC');
}

/** What name-redaction looks for in a text: its words (keys of two characters or more) and, for unspaced scripts, the text itself. */
export interface NameProbe {
  words: ReadonlySet<string>;
  text: string;
}

export function probeOf(text: string): NameProbe {
  const words = new Set(Array.from(text.matchAll(WORD), (match) => nameKey(match[0])).filter((word) => [...word].length >= 2));
  return { words, text: text.normalize('NFC') };
}

/**
 * The keys of the words of `names` that occur in the probed text: what to redact. A word of an
 * unspaced script counts wherever it occurs in the text (`毛` in `毛氏家族`), even alone.
 */
export function nameWordsAmong(names: Iterable<string>, probe: NameProbe, into = new Set<string>()): Set<string> {
  for (const name of names) {
    for (const [word] of name.matchAll(WORD)) {
      const key = nameKey(word);
      if (UNSPACED.test(word) ? probe.text.includes(key) : probe.words.has(key)) into.add(key);
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
    result = result.replace(new RegExp(`${folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=$|[\\\\/\\s"'<>|,;])${PATH_TAIL}`, 'g'), '[path]');
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

/**
 * Every word of `text` that is one of `nameWords` (keys) becomes `[name]`, and in a run of an
 * unspaced script every name of that script inside it (longest first). Markers stay whole.
 */
export function redactNames(text: string, nameWords: ReadonlySet<string>): string {
  if (nameWords.size === 0) return text;
  const unspaced = [...nameWords].filter((word) => UNSPACED.test(word)).sort((a, b) => b.length - a.length);
  // A marker is matched whole, and its key (brackets included) is never a name's.
  return text.replace(WORD_OR_MARKER, (word) => {
    if (!UNSPACED.test(word)) return nameWords.has(nameKey(word)) ? '[name]' : word;
    return unspaced.reduce((run, name) => run.split(name).join('[name]'), word.normalize('NFC'));
  });
}
