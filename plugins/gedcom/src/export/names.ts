/**
 * A persona's name as a GEDCOM NAME: the name as written, with the surname between slashes
 * (what marks it for every reader), and each piece as its own line (NPFX, GIVN, NICK, SPFX,
 * SURN, NSFX), so a reader that takes the pieces gets exactly ours back.
 */
import type { GedcomNode } from '@rootline/gedcom';
import type { PersonaDto } from '@rootline/contracts/personas';
import { node } from './context.js';

type Name = PersonaDto['name'];

const PIECES: [keyof Name, string][] = [
  ['prefix', 'NPFX'],
  ['given', 'GIVN'],
  ['nickname', 'NICK'],
  ['surname_prefix', 'SPFX'],
  ['surname', 'SURN'],
  ['suffix', 'NSFX'],
];

/** Where `words` stands in `text` as a whole word run (spaces or the ends around it), case aside; -1 when it does not. */
function wordRun(text: string, words: string): number {
  const haystack = text.toLowerCase();
  const needle = words.toLowerCase();
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
    const before = at === 0 || haystack[at - 1] === ' ';
    const after = at + needle.length === haystack.length || haystack[at + needle.length] === ' ';
    if (before && after) return at;
  }
  return -1;
}

/**
 * The NAME payload: the name as written with its surname (with its prefix) in slashes, found
 * as a whole word run; when the written name does not contain the surname, the pieces in
 * their usual order (`Dr. John /van der Berg/ Jr.`). No slashes in a name without a surname.
 */
function namePayload(name: Name): string {
  const surname = [name.surname_prefix, name.surname].filter(Boolean).join(' ');
  const written = name.as_written?.replace(/\//g, ' ').replace(/\s+/g, ' ').trim();
  if (written && !surname) return written;
  const start = written ? wordRun(written, surname) : -1;
  if (written && start >= 0) return `${written.slice(0, start)}/${written.slice(start, start + surname.length)}/${written.slice(start + surname.length)}`;
  return [name.prefix, name.given, surname ? `/${surname}/` : undefined, name.suffix].filter(Boolean).join(' ');
}

/** The NAME structure of a persona, or undefined when the persona has no name at all. */
export function nameStructure(name: Name, extra: GedcomNode[] = []): GedcomNode | undefined {
  const payload = namePayload(name);
  if (!payload) return undefined;
  const pieces = PIECES.flatMap(([piece, tag]) => (name[piece] ? [node(tag, name[piece] as string)] : []));
  return node('NAME', payload, [...pieces, ...extra]);
}
