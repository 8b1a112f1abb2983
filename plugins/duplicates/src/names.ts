import type { PersonaDto } from '@rootline/contracts/personas';
import { foldGiven, surnameForms } from './fold.js';
import { codesOf, type Codes } from './phonetic.js';
import { nicknameGroups } from './nicknames.js';

/** One name of a person (or of a query): as written, and folded for comparison. */
export interface Name {
  given: string;
  surname: string;
  /** Folded words of the given names. */
  givenWords: string[];
  /** Folded forms of the surname (fold.ts `surnameForms`). */
  surnameForms: string[];
}

export function nameOf(given: string, surname: string): Name {
  return { given, surname, givenWords: foldGiven(given), surnameForms: surnameForms(surname) };
}

const hasLetters = (name: Name) => name.givenWords.length > 0 || name.surnameForms.length > 0;

/**
 * The names of a person from its personas, in their order, each once: the GEDCOM given and
 * surname pieces; the nickname as a second given name ("Bill" of William); a persona with no
 * pieces but a name as written is read as given names then a surname ("Jón Sigurðsson"; a
 * single word is a given name). Names without a letter are left out.
 */
export function namesOfPersonas(personas: readonly Pick<PersonaDto, 'name'>[]): Name[] {
  const names: Name[] = [];
  const seen = new Set<string>();
  const add = (name: Name) => {
    const key = `${name.givenWords.join(' ')}\u0001${name.surnameForms[0] ?? ''}`;
    if (!hasLetters(name) || seen.has(key)) return;
    seen.add(key);
    names.push(name);
  };
  for (const { name } of personas) {
    const surname = name.surname ?? '';
    if (name.given || name.surname) add(nameOf(name.given ?? '', surname));
    else if (name.as_written) add(splitWritten(name.as_written));
    if (name.nickname) add(nameOf(name.nickname, surname));
  }
  return names;
}

/** "Jón Sigurðsson" -> given "Jón", surname "Sigurðsson"; GEDCOM slashes mark the surname ("John /Smith/"). */
function splitWritten(written: string): Name {
  const slashed = /^(.*?)\/([^/]*)\/(.*)$/.exec(written);
  if (slashed) return nameOf(`${slashed[1]} ${slashed[3]}`.replace(/\s+/g, ' ').trim(), slashed[2].trim());
  const words = written.trim().split(/\s+/);
  return words.length > 1 ? nameOf(words.slice(0, -1).join(' '), words[words.length - 1]) : nameOf(written.trim(), '');
}

/** Codes and keys of folded words, computed once per search or per batch of the catch-up (names repeat). */
export class CodeCache {
  private readonly codes = new Map<string, Codes>();
  private readonly keys = new Map<string, string[]>();
  of(word: string): Codes {
    let codes = this.codes.get(word);
    if (!codes) this.codes.set(word, (codes = codesOf(word)));
    return codes;
  }
  /** `make(word)` once per `kind:word`. */
  keysOf(kind: string, word: string, make: (word: string) => string[]): string[] {
    const key = `${kind}${word}`;
    let keys = this.keys.get(key);
    if (!keys) this.keys.set(key, (keys = make(word)));
    return keys;
  }
}

/**
 * The consonant key of a folded word: its first letter, then the other consonants it has, each
 * once, sorted ("henry" and the typo "herny" both "hnr"; "wilson" and "wlison" both "wlns"). Two letters swapped, a
 * vowel changed or a letter doubled keep it; phonetic codes often do not.
 */
export function consonantKey(word: string): string {
  const rest: string[] = [];
  for (let i = 1; i < word.length; i++) {
    const letter = word[i];
    if (!VOWELS.includes(letter) && !rest.includes(letter)) rest.push(letter);
  }
  return word[0] + rest.sort().join('');
}
const VOWELS = 'aeiouy';

/**
 * The blocking keys of a surname: each folded form's Double Metaphone and Daitch–Mokotoff codes
 * and its consonant key. No key of the spelling itself: the same spelling always has the same
 * consonant key (one row fewer per name, which an import of 100,000 persons feels).
 */
export function surnameKeys(name: Name, codes: CodeCache): string[] {
  return name.surnameForms.flatMap((form) =>
    codes.keysOf('s', form, () => {
      const { metaphone, soundex } = codes.of(form);
      return [...metaphone.map((code) => `s:m:${code}`), ...soundex.map((code) => `s:d:${code}`), `s:k:${consonantKey(form)}`];
    }),
  );
}

/** The blocking keys of the first given name: its Double Metaphone codes, its consonant key, its nickname groups. */
export function givenKeys(name: Name, codes: CodeCache): string[] {
  const first = name.givenWords[0];
  if (first === undefined) return [];
  return codes.keysOf('g', first, () => [...codes.of(first).metaphone.map((code) => `g:m:${code}`), `g:k:${consonantKey(first)}`, ...nicknameGroups(first).map((group) => `g:n:${group}`)]);
}

/** Every key of a person's names (what the index keeps), each once. */
export function keysOf(names: readonly Name[], codes: CodeCache): string[] {
  return [...new Set(names.flatMap((name) => [...surnameKeys(name, codes), ...givenKeys(name, codes)]))];
}
