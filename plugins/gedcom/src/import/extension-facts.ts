import { isGedcomTag, type GedcomNode } from '@rootline/gedcom';
import type { MappingContext } from './context.js';
import { asWritten, child } from './long-text.js';

/**
 * What a program's own individual tags mean, in words, where their use is plain from the files
 * that write them: Family Tree Maker's and Ancestry's military service, degree, cause of death
 * and namesake; IBM's (Easytree) health. A tag not listed keeps itself as its words (`_PARTY`,
 * `HIST`): the genealogist reads what the file wrote, not a guess.
 */
const WORDS: Readonly<Record<string, string>> = {
  _MILT: 'Military service',
  _DEG: 'Degree',
  _DCAUSE: 'Cause of death',
  _NAMS: 'Namesake',
  HEAL: 'Health',
};

/** The lines that make a program's own tag a fact without a text of its own (its TYPE's text counts as its own). */
const FACT_LINES = new Set(['DATE', 'PLAC', 'SOUR']);

/**
 * An INDI line of no GEDCOM standard (a vendor's `_MILT Regular Army` with its DATE and SOUR, IBM's
 * `HEAL In 1941 she had a frontal lobotomy`), with a text or a date, place, source or TYPE under
 * it: once reported "not mapped" and lost, now a fact, as GEDCOM 7 would write it: FACT with the
 * tag in words as its TYPE (`FACT Regular Army` + `TYPE Military service`). Its own TYPE (`_DEG` +
 * `TYPE B.S.E.E.`) is its value when it has no text. Handed to `capture` as that FACT (its DATE,
 * PLAC, SOUR, NOTE and OBJE mapped as any fact's), reported kept; false for a line that is no
 * such fact (a standard tag, a pointer, or nothing a fact holds), left to the caller.
 */
export function keepExtensionFact(context: MappingContext, node: GedcomNode, capture: (fact: GedcomNode) => void): boolean {
  // A standard tag not mapped (CHAN, ANCI, RESN...) is reported for what it is; a pointer is no fact.
  if (node.pointer || isGedcomTag(node.tag)) return false;
  const typeLine = child(node, 'TYPE');
  const said = asWritten(node) ?? asWritten(typeLine);
  if (!said && !node.children.some((part) => FACT_LINES.has(part.tag))) return false;
  const words = Object.hasOwn(WORDS, node.tag) ? WORDS[node.tag] : node.tag;
  context.keptAs(`INDI.${node.tag}`, node, `kept as a fact of type "${words}"; exports write it as FACT with that TYPE`);
  const type: GedcomNode = { level: node.level + 1, tag: 'TYPE', value: words, line: node.line, children: [] };
  capture({ ...node, tag: 'FACT', ...(said ? { value: said } : {}), children: [type, ...node.children.filter((part) => part !== typeLine)] });
  return true;
}
