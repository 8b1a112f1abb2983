import type { GedcomNode } from '@rootline/gedcom';
import type { MappingContext } from './context.js';
import { asWritten } from './long-text.js';
import { noteTexts } from './map-note.js';

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
const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ', ');

/**
 * How a record's ways to reach someone are called in the note about them ("Address: 1 High
 * Street, Hereford"); `_EMAIL` and `_WWW` are how GEDCOM 5.5 programs (Ancestris, PAF) wrote an
 * email and a website before 5.5.1 had EMAIL and WWW.
 */
const CONTACT_LABELS: Readonly<Record<string, string>> = { ADDR: 'Address', PHON: 'Phone', EMAIL: 'Email', _EMAIL: 'Email', FAX: 'Fax', WWW: 'Website', _WWW: 'Website', LANG: 'Language' };

/**
 * A line that says how to reach someone (ADDR, PHON, EMAIL, FAX, WWW, LANG), in words: its label
 * and its text on one line (undefined when blank). Undefined for any other line.
 */
export function contactLine(part: GedcomNode): { label: string; text: string | undefined } | undefined {
  const label = Object.hasOwn(CONTACT_LABELS, part.tag) ? CONTACT_LABELS[part.tag] : undefined;
  if (!label) return undefined;
  return { label, text: (part.tag === 'ADDR' ? addressText(part) : oneLine(asWritten(part) ?? '')) || undefined };
}

/**
 * The lines of a REPO or SUBM record beside its NAME, each "<label>: <text>" on one line
 * (`CONTACT_LABELS`: address, phone, email, fax, website, language), then its NOTEs and
 * comments (COMM, GEDCOM 5.3's note of a submitter: royal92.ged), each `<noteLabel>: <text>`;
 * each kept line is reported as kept in `where`. The rest (RIN, REFN, CHAN, OBJE) is reported
 * lost, `lostReason` saying what is kept.
 */
export function contactLines(context: MappingContext, record: GedcomNode, where: string, noteLabel: string, lostReason: string): string[] {
  const lines: string[] = [];
  const comments: string[] = [];
  for (const part of record.children) {
    if (part.tag === 'NAME' || part.tag === 'NOTE' || part.tag === 'SNOTE') continue;
    const path = `${record.tag}.${part.tag}`;
    const line = part.tag === 'COMM' ? { label: noteLabel, text: asWritten(part) } : contactLine(part);
    if (!line) {
      context.lose(path, part, lostReason);
      continue;
    }
    if (!line.text) {
      context.lose(path, part, 'blank: nothing to keep');
      continue;
    }
    (part.tag === 'COMM' ? comments : lines).push(`${line.label}: ${line.text}`);
    context.keptAs(path, part, `kept in ${where} ("${line.label}: ...")`);
  }
  lines.push(...noteTexts(context, record, record.tag).flatMap(({ text }) => (text?.trim() ? [`${noteLabel}: ${text}`] : [])), ...comments);
  return lines;
}
