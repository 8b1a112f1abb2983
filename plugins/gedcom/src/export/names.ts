/**
 * A persona's name as a GEDCOM NAME: the name as written, with the surname between slashes
 * (what marks it for every reader), and each piece as its own line (NPFX, GIVN, NICK, SPFX,
 * SURN, NSFX), so a reader that takes the pieces gets exactly ours back.
 *
 * A name written with its slashes (`Carter Bassett /Bassett/`) is written exactly so. One kept
 * without them has its slashes put back where the file had them as far as the pieces tell:
 * around the surname that follows the given name and precedes the suffix
 * (`surnameSpan`), so `George K. /George/` keeps its slashes on the second George.
 */
import type { GedcomNode } from '@rootline/gedcom';
import type { PersonaDto } from '@rootline/contracts/personas';
import { node } from './context.js';

type Name = PersonaDto['name'];
/** The pieces that tell where a surname stands in a written name. */
type Pieces = Pick<Name, 'prefix' | 'given' | 'surname_prefix' | 'surname' | 'suffix'>;

const PIECES: [keyof Name, string][] = [
  ['prefix', 'NPFX'],
  ['given', 'GIVN'],
  ['nickname', 'NICK'],
  ['surname_prefix', 'SPFX'],
  ['surname', 'SURN'],
  ['suffix', 'NSFX'],
];

const same = (a: string, b: string | null | undefined) => a.toLowerCase() === (b ?? '').toLowerCase();
const endsWithWords = (text: string, words: string) => same(text, words) || text.toLowerCase().endsWith(` ${words.toLowerCase()}`);
const startsWithWords = (text: string, words: string) => same(text, words) || text.toLowerCase().startsWith(`${words.toLowerCase()} `);

/** Every place `words` stands in `text` as a whole word run (spaces or the ends around it), case aside. */
function wordRuns(text: string, words: string): number[] {
  const haystack = text.toLowerCase();
  const needle = words.toLowerCase();
  const found: number[] = [];
  for (let at = haystack.indexOf(needle); needle && at >= 0; at = haystack.indexOf(needle, at + 1)) {
    const before = at === 0 || haystack[at - 1] === ' ';
    const after = at + needle.length === haystack.length || haystack[at + needle.length] === ' ';
    if (before && after) found.push(at);
  }
  return found;
}

/**
 * Where the surname stands in a written name (slashes gone), `[start, end)`: of the places the
 * surname (with its prefix, or without it) stands, the one with the given name (or the name
 * prefix) just before it and the suffix just after it, the first when none or several fit so;
 * when the surname is nowhere (a SURN `Garcia, Lopez` for `Maria Garcia Lopez`), what lies
 * between the given name the name begins with and the suffix it ends with.
 */
function surnameSpan(written: string, name: Pieces): [number, number] | undefined {
  const lead = name.given ?? name.prefix;
  const fits = (start: number, end: number) => {
    const before = written.slice(0, start).trim();
    const after = written.slice(end).trim();
    return Number(lead ? endsWithWords(before, lead) : before === '') + Number(same(after, name.suffix));
  };
  const surnames = [[name.surname_prefix, name.surname].filter(Boolean).join(' '), ...(name.surname_prefix ? [name.surname ?? ''] : [])];
  let best: { span: [number, number]; fit: number } | undefined;
  for (const surname of surnames) {
    for (const start of wordRuns(written, surname)) {
      const fit = fits(start, start + surname.length);
      if (!best || fit > best.fit) best = { span: [start, start + surname.length], fit };
    }
  }
  if (best) return best.span;
  if (!name.given || !startsWithWords(written, name.given)) return undefined;
  const end = name.suffix && endsWithWords(written, name.suffix) ? written.length - name.suffix.length : written.length;
  const start = name.given.length;
  return written.slice(start, end).trim() ? [start + 1, end - (end < written.length ? 1 : 0)] : undefined;
}

/** A written name with its surname put between slashes, or as it is when the pieces do not find one in it. */
function markSurname(written: string, pieces: Pieces): string {
  if (written.includes('/')) return written;
  const span = surnameSpan(written, pieces);
  return span ? `${written.slice(0, span[0])}/${written.slice(span[0], span[1])}/${written.slice(span[1])}` : written;
}

/** A name as its line writes it: what stands before the surname, the surname, and what follows it. */
function writtenPieces(name: Name): Pieces {
  const marked = name.as_written ? markSurname(name.as_written.replace(/\s+/g, ' ').trim(), name) : '';
  const slashes = /^([^/]*)\/([^/]*)\/?(.*)$/.exec(marked);
  if (!slashes) return name;
  const piece = (text: string) => text.trim() || null;
  return { prefix: null, given: piece(slashes[1]), surname_prefix: null, surname: piece(slashes[2]), suffix: piece(slashes[3]) };
}

/**
 * A further name of a person (a `name` claim: the import keeps it as written, without its
 * slashes): its surname marked where the person's first name places one, so a married name
 * keeps its surname for the reader (`Mary Ann /Jones/` beside `Mary Ann /Smith/`). A name
 * the first name does not place a surname in (`Polly`) is written as it is.
 */
export function furtherNamePayload(written: string, first: Name | undefined): string {
  return first ? markSurname(written, writtenPieces(first)) : written;
}

/**
 * The NAME payload: the name as written, its surname (with its prefix) in slashes (`markSurname`);
 * when the written name does not hold the surname, the pieces in their usual order
 * (`Dr. John /van der Berg/ Jr.`). No slashes in a name without a surname.
 */
function namePayload(name: Name): string {
  const surname = [name.surname_prefix, name.surname].filter(Boolean).join(' ');
  const written = name.as_written?.replace(/\s+/g, ' ').trim();
  if (written && (!surname || written.includes('/'))) return written;
  const marked = written ? markSurname(written, name) : undefined;
  if (marked && marked !== written) return marked;
  return [name.prefix, name.given, surname ? `/${surname}/` : undefined, name.suffix].filter(Boolean).join(' ');
}

/** The NAME structure of a persona, or undefined when the persona has no name at all. */
export function nameStructure(name: Name, extra: GedcomNode[] = []): GedcomNode | undefined {
  const payload = namePayload(name);
  if (!payload) return undefined;
  const lines: GedcomNode[] = [];
  for (const [piece, tag] of PIECES) {
    const value = name[piece];
    if (value) lines.push(node(tag, value));
  }
  lines.push(...extra);
  return node('NAME', payload, lines);
}
