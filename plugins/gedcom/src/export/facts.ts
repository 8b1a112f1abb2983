/**
 * Claims and events as GEDCOM facts. A claim's kind names its tag (`birth` -> BIRT); a kind
 * GEDCOM has no tag for becomes EVEN with the kind as its TYPE. `event` and `fact` claims hold
 * "TYPE: what it says" (how the importer keeps EVEN and FACT). A value an event tag cannot
 * carry (`BIRT` takes only `Y`) is written as a NOTE under it and reported.
 */
import { substructureRule, type GedcomNode } from '@rootline/gedcom';
import type { AssertionDto } from '@rootline/contracts/assertions';
import type { EventDto } from '@rootline/contracts/events';
import type { NoteDto } from '@rootline/contracts/notes';
import { node, type ExportContext } from './context.js';
import { dateAndPlace, noteStructures } from './details.js';
import { claimCitations, type Cited } from './citations.js';
import { mediaLinks, type Attached } from './attachments.js';
import { carriesValue, isOrdinance, kindWords, needsType, tagOfKind } from './tags.js';
import { hasTag, type WriteVersion } from './version.js';
import { takePlaceMap } from './place-map.js';
import { takeFactDetails, type DetailReading } from './fact-details.js';
import { ADDRESS_DETAILS, DATE_DETAILS, FACT_DETAILS, PLACE_DETAILS, readDetailNote } from '../fact-details.js';

/** "TYPE: what it says", as the import keeps a TYPE beside a value: the two, or undefined for text without that shape. */
function typedText(text: string): { type: string; value: string } | undefined {
  const cut = text.indexOf(': ');
  return cut > 0 ? { type: text.slice(0, cut), value: text.slice(cut + 2) } : undefined;
}

/** The TYPE of EVEN and FACT is their kind (or their value's): a TYPE note of theirs stays a note. */
const TYPED: ReadonlySet<string> = new Set(['TYPE']);
const UNTYPED: ReadonlySet<string> = new Set();

/**
 * The tag, TYPE and payload of a fact: `EVEN` + TYPE for what has no tag of its own. `type`:
 * the TYPE the import kept as a note (`Type: passport`), for a tag whose TYPE is not its kind.
 */
function shapeOf(context: ExportContext, kind: string, value: string | undefined, type: string | undefined): { tag: string; type?: string; value?: string } {
  let tag = tagOfKind(kind);
  if (tag === 'FACT' || tag === 'EVEN') {
    if (value === undefined) return { tag, type: kindWords(kind) };
    return { tag, ...(typedText(value) ?? { type: value }) };
  }
  if (tag === undefined) tag = 'EVEN';
  if (tag === 'EVEN') return { tag, type: kindWords(kind), value };
  if (type !== undefined || !needsType(tag)) return { tag, type, value };
  // No TYPE kept beside such a fact's value: the kind in words stands for it.
  context.lose(`INDI.${tag}.TYPE`, `the kind was not kept: TYPE written "${kindWords(kind)}"`);
  return { tag, type: kindWords(kind), value };
}

/** The details kept as notes (`fact-details.ts`) but TYPE, in the order written: CAUS, AGNC, RELI, AGE (and its PHRASE), HUSB.AGE, WIFE.AGE... */
const DETAIL_TAGS = Object.keys(FACT_DETAILS).filter((tag) => tag !== 'TYPE');

/**
 * The lines of the details kept as notes but TYPE, in DETAIL_TAGS' order, after `lines`; a
 * detail of a detail (`AGE.PHRASE`, `STAT.DATE`) under its line, a partner's (`HUSB.AGE`) under
 * its partner's line (one HUSB for all of them), a place's (`PLAC.NOTE`) under the PLAC of `lines`,
 * a date's (`DATE.TIME`) under its DATE.
 */
function pushDetailLines(lines: GedcomNode[], details: ReadonlyMap<string, string>): void {
  if (details.size === 0) return;
  const written = new Map<string, GedcomNode>(lines.filter((line) => line.tag === 'PLAC' || line.tag === 'DATE').map((line) => [line.tag, line]));
  const lineAt = (path: string, value?: string): GedcomNode => {
    const cut = path.lastIndexOf('.');
    const line = node(path.slice(cut + 1), value);
    (cut < 0 ? lines : (written.get(path.slice(0, cut)) ?? lineAt(path.slice(0, cut))).children).push(line);
    written.set(path, line);
    return line;
  };
  for (const detail of DETAIL_TAGS) {
    const value = details.get(detail);
    if (value !== undefined) lineAt(detail, value);
  }
}

/** Whether a fact writes its place (or date), and whether a redaction hides it. */
interface Shown {
  written: boolean;
  redacted: boolean;
}

/** A reader of detail notes that leaves those of `absent` to stay notes. */
const readingWithout = (absent: ReadonlySet<string>): NonNullable<DetailReading['read']> => (text) => {
  const detail = readDetailNote(text);
  return detail && !absent.has(detail.tag) ? detail : undefined;
};
// Made once: every claim and event of an export asks for one of them.
const WITHOUT_PLACE = readingWithout(PLACE_DETAILS);
const WITHOUT_DATE = readingWithout(DATE_DETAILS);
const WITHOUT_EITHER = readingWithout(new Set([...PLACE_DETAILS, ...DATE_DETAILS]));
const AS_ALWAYS: DetailReading = {};

/**
 * How a fact's detail notes are read, by its place and date: a redacted place hides the address
 * details (the street says where as the place does) and its own (its notes, its form) with it, a
 * redacted date its time of day; a fact with no place (no date) keeps its place's (date's)
 * details as notes, having no PLAC (DATE) line to write them under, as 5.5.1 keeps the time
 * (it has TIME only under a change's or the header's DATE).
 */
function lineReading(version: WriteVersion, place: Shown, date: Shown, path: string): DetailReading {
  // What a redaction hides is withheld (read by its tag, so not left out of the reading).
  const noPlace = !place.redacted && !place.written;
  const noDate = !date.redacted && !(date.written && version === '7.0');
  const read = noPlace ? (noDate ? WITHOUT_EITHER : WITHOUT_PLACE) : noDate ? WITHOUT_DATE : undefined;
  if (!place.redacted && !date.redacted) return read ? { read } : AS_ALWAYS;
  const withhold = [
    ...(place.redacted
      ? [
          { tags: ADDRESS_DETAILS, path: `${path}.ADDR`, reason: 'address of a redacted place not written' },
          { tags: PLACE_DETAILS, path: `${path}.PLAC`, reason: 'notes and parts of a redacted place not written' },
        ]
      : []),
    ...(date.redacted ? [{ tags: DATE_DETAILS, path: `${path}.DATE`, reason: 'time of day of a redacted date not written' }] : []),
  ];
  return read ? { read, withhold } : { withhold };
}

/** `Y` says "this happened" on an event that says nothing else; one with a date or a place needs no Y. */
function presence(context: ExportContext, tag: string, children: readonly GedcomNode[]): string | undefined {
  return children.length === 0 && !isOrdinance(tag) && !carriesValue(tag, context.version) ? 'Y' : undefined;
}

/**
 * GEDCOM 7 allows no structure with neither a payload nor a substructure, and an LDS ordinance
 * has no payload (not even Y): one with nothing known under it has no 7.0 line. Reported, not
 * written; 5.5.1 writes it bare.
 */
function bareOrdinance(context: ExportContext, tag: string, children: readonly GedcomNode[], path: string): boolean {
  if (!isOrdinance(tag) || children.length > 0 || context.version !== '7.0') return false;
  context.lose(path, `${tag} with nothing under it (no date, temple, place, status, note or source) has no 7.0 line: not written`);
  return true;
}

/** The payload line and, for a value the tag cannot carry, its NOTE. */
function payloadOf(context: ExportContext, tag: string, value: string | undefined, path: string): { payload?: string; note?: GedcomNode } {
  if (!value) return isOrdinance(tag) || carriesValue(tag, context.version) ? {} : { payload: 'Y' };
  if (carriesValue(tag, context.version)) return { payload: value };
  context.lose(path, `${tag} has no value line: the value is written as a note`);
  return { payload: isOrdinance(tag) ? undefined : 'Y', note: node('NOTE', value) };
}

/** A confirmed claim as an INDI fact, its redacted parts left out (`more`: lines the INDI adds under it); undefined when nothing of it may be written. */
export function claimStructure(context: ExportContext, claim: AssertionDto, cited: Cited, notes: readonly NoteDto[] | undefined, more: readonly GedcomNode[] = []): GedcomNode | undefined {
  const redacted = context.redacted(claim.id);
  if (redacted?.whole || redacted?.fields.has('kind')) {
    context.lose('INDI', 'redacted claim not written');
    return undefined;
  }
  const shows = (field: string) => !redacted?.fields.has(field);
  const value = shows('value') ? claim.value ?? undefined : undefined;
  const tag = tagOfKind(claim.kind) ?? 'EVEN';
  const path = `INDI.${tag}`;
  if (!hasTag(tag, context.version)) {
    context.lose(path, `${tag} is not in GEDCOM ${context.version}: not written`);
    return undefined;
  }
  if (redacted) context.lose(path, 'redacted value not written', redacted.fields.size);
  const place = shows('place') ? claim.place ?? undefined : undefined;
  const where = { written: Boolean(place), redacted: !shows('place') };
  const when = { written: shows('date') && Boolean(claim.date), redacted: !shows('date') };
  const placed = takePlaceMap(context, notes, where, path);
  const kept = takeFactDetails(context, placed.notes, substructureRule('record-INDI', tag)?.type, tag === 'EVEN' || tag === 'FACT' ? TYPED : UNTYPED, lineReading(context.version, where, when, path));
  const shape = shapeOf(context, claim.kind, value, kept.details.get('TYPE'));
  const { payload, note } = payloadOf(context, shape.tag, shape.value, path);
  const children: GedcomNode[] = [];
  if (shape.type) children.push(node('TYPE', shape.type));
  children.push(...dateAndPlace(context, shows('date') ? claim.date : undefined, place, placed.map));
  pushDetailLines(children, kept.details);
  if (shows('source')) children.push(...claimCitations(context, claim, cited, path));
  // The media objects attached to the claim (the photo of the grave); none under an LDS ordinance.
  children.push(...mediaLinks(context, cited.attached, claim.id, substructureRule('record-INDI', shape.tag)?.type, `INDI.${shape.tag}`));
  if (note) children.push(note);
  children.push(...noteStructures(context, kept.notes, path), ...more);
  if (bareOrdinance(context, shape.tag, children, path)) return undefined;
  context.count('facts');
  return node(shape.tag, payload === 'Y' ? presence(context, shape.tag, children) : payload, children);
}

/**
 * An event of the events plugin: its type is the tag (`MARR`, `BIRT`) or `custom:<text>`
 * (EVEN with TYPE). Its description goes where the importer took it from: the payload of EVEN
 * and FACT; for another tag, which keeps its TYPE and its value in the one description
 * (`Type of residence: Residence`), the TYPE and the payload (`RESI Residence`, `NCHI 42`),
 * the text alone being the payload of a tag that has one and the TYPE of one that has none
 * (`MARR` + TYPE civil); a value the tag cannot carry is a NOTE, as for claims.
 */
export function eventStructure(context: ExportContext, event: EventDto, notes: readonly NoteDto[] | undefined, known: ReadonlySet<string>, path: string, attached: Attached): GedcomNode | undefined {
  const redacted = context.redacted(event.id);
  if (redacted?.whole || redacted?.fields.has('type')) {
    context.lose(path, 'redacted event not written');
    return undefined;
  }
  const shows = (field: string) => !redacted?.fields.has(field);
  const description = shows('description') ? event.description ?? undefined : undefined;
  const custom = event.type.startsWith('custom:') ? event.type.slice('custom:'.length) : undefined;
  const tag = custom === undefined && known.has(event.type) ? event.type : 'EVEN';
  if (tag === 'EVEN' && custom === undefined) context.lose(`${path}.${event.type}`, 'event type GEDCOM does not define here: written as EVEN with its type');
  if (!hasTag(tag, context.version)) {
    context.lose(`${path}.${tag}`, `${tag} is not in GEDCOM ${context.version}: not written`);
    return undefined;
  }
  const generic = tag === 'EVEN' || tag === 'FACT';
  // EVEN and FACT need a TYPE (7.0): their custom type, else their tag in words.
  const { type, value } = generic
    ? { type: custom ?? (tag === event.type ? tag.toLowerCase() : event.type), value: description }
    : description === undefined
      ? {}
      : typedText(description) ?? (carriesValue(tag, context.version) ? { value: description } : { type: description });
  const { payload, note } = value === undefined ? {} : payloadOf(context, tag, value, `${path}.${tag}`);
  const place = shows('place') ? event.place ?? undefined : undefined;
  const where = { written: Boolean(place), redacted: !shows('place') };
  const when = { written: shows('date') && Boolean(event.date), redacted: !shows('date') };
  const placed = takePlaceMap(context, notes, where, `${path}.${tag}`);
  const structure = substructureRule(`record-${path}`, tag)?.type;
  const kept = takeFactDetails(context, placed.notes, structure, type ? TYPED : UNTYPED, lineReading(context.version, where, when, `${path}.${tag}`));
  const typeLine = type ?? kept.details.get('TYPE');
  const children: GedcomNode[] = [];
  if (typeLine) children.push(node('TYPE', typeLine));
  children.push(...dateAndPlace(context, shows('date') ? event.date : undefined, place, placed.map));
  pushDetailLines(children, kept.details);
  children.push(...mediaLinks(context, attached, event.id, structure, `${path}.${tag}`));
  if (note) children.push(note);
  children.push(...noteStructures(context, kept.notes, `${path}.${tag}`));
  if (redacted) context.lose(`${path}.${tag}`, 'redacted value not written', redacted.fields.size);
  if (bareOrdinance(context, tag, children, `${path}.${tag}`)) return undefined;
  context.count('events');
  return node(tag, payload === undefined || payload === 'Y' ? presence(context, tag, children) : payload, children);
}
