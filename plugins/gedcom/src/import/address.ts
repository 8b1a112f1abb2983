import type { GedcomNode } from '@rootline/gedcom';
import { asWritten } from './long-text.js';

/** The parts of an address given without its whole text (5.5.1 ADR1, CITY...), in the order a letter writes them. */
const ADDRESS_PARTS = ['ADR1', 'ADR2', 'ADR3', 'CITY', 'STAE', 'POST', 'CTRY'];

/**
 * An ADDR on one line: its text (line breaks as commas), else its parts (ADR1, CITY, POST...).
 * GEDCOM gives the whole address as the text and the parts as copies of pieces of it, so parts
 * beside a text add nothing.
 */
export function addressText(addr: GedcomNode): string | undefined {
  const whole = asWritten(addr);
  if (whole) return oneLine(whole);
  const parts = ADDRESS_PARTS.flatMap((tag) => addr.children.filter((part) => part.tag === tag).flatMap((part) => asWritten(part) ?? []));
  return parts.length ? parts.join(', ') : undefined;
}

/** A text of several lines on one, its line breaks as commas. */
export const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ', ');
