import type { GedcomNode } from '@rootline/gedcom';
import { detachNode, type MappingContext } from './context.js';
import { hasName, mapName, NAME_PIECE_TAGS, type MappedName } from './names.js';
import { FACT_PARTS, INDIVIDUAL_FACTS, PRESENCE_ONLY } from './facts.js';
import { citeSources } from './map-source.js';
import { mapNotes, writeNote, type KeptNote } from './map-note.js';
import { mapMediaLinks } from './map-media.js';
import { asWritten, clip, fieldValues, keepWholeTexts, type FieldText } from './long-text.js';
import { dateAndPlace } from './date-and-place.js';
import { keepFactDetail } from './fact-details.js';
import { keepChosenPhotos } from './chosen-photo.js';
import { readAdoption } from './adoption.js';
import { keepLinkNotes } from './link-notes.js';
import { citeMention, MENTION, mentionKey } from './mentions.js';
import { keepIdentifier } from './identifiers.js';
import { keepExtensionFact } from './extension-facts.js';
import { keepPersonLine } from './person-lines.js';
import { readLinkStatus } from './link-status.js';

const SEXES = new Set(['M', 'F', 'X', 'U']);
const NOTES = new Set(['NOTE', 'SNOTE']);

/** INDI substructures handled here besides the facts; FAMS is read from the FAM side. */
const HANDLED = new Set(['NAME', 'SEX', 'FAMC', 'FAMS', 'NOTE', 'SNOTE', 'OBJE', 'ASSO', '_PHOTO']);

/** One INDI as read, before anything is written: its persona and the claims to capture on it. */
interface ReadIndividual {
  record: GedcomNode;
  persona: ReturnType<typeof personaName> & { sex?: 'M' | 'F' | 'X' | 'U' };
  claims: PlannedClaim[];
  /** Its identifiers (REFN, RIN, `_UID`, ...: `identifiers.ts`), research interests and ways to reach them (`person-lines.ts`), kept as notes on the person. */
  notes: KeptNote[];
}

/** A claim to capture (its persona filled in once written), where it came from, its further citations and its fields as written. */
interface PlannedClaim {
  claim: { kind: string; value?: string; date?: string; place?: string; source?: string; citation?: string };
  node: GedcomNode;
  path: string;
  more: string[];
  /** Value, date and place whole: one longer than the claim holds is kept in a note on the claim. */
  fields: (FieldText | undefined)[];
  /** Lines no field of the claim holds, kept as notes on it: its place's coordinates (PLAC.MAP), a cause (CAUS), ... */
  kept: KeptNote[];
  /**
   * A fact's OBJE links (the photo of the grave, the scan of the death record): attached to the
   * claim once it is captured. Facts only: a mention's node is its SOUR, whose OBJEs its citation holds.
   */
  media?: true;
}

/**
 * A batch of INDIs, each -> one persona (its first NAME, every piece; SEX) concluded into one
 * person; each fact and event -> a claim on the persona; each SOUR of the INDI itself -> a
 * `mention` claim; a program's own tag with a text or a date (`_MILT`, `HEAL`) -> a FACT claim
 * (`extension-facts.ts`); every further NAME -> a `name` claim (a persona holds one name); NOTEs and
 * identifiers (REFN, RIN, `_UID`, FamilySearch's id: `identifiers.ts`), research interests (ANCI, DESI) and an address, phone,
 * email, fax or website on the INDI (`person-lines.ts`) -> notes on the person; FAMC.PEDI kept for the family pass;
 * ASSO and ALIA pointing at an INDI kept for the end (its target may come later in the file:
 * `map-association.ts`); an ALIA with a name instead, a further name of type aka. An INDI with no name is still
 * a person. Written with one call per kind for the whole batch (the owners' bulk methods): all
 * personas, then all claims, then all persons, so each person is derived once from its claims.
 */
export function mapIndividuals(context: MappingContext, records: readonly GedcomNode[], associations: GedcomNode[]): void {
  if (records.length === 0) return;
  const read = records.map((record) => readIndividual(context, record, associations));
  const { personasService, assertionsService, personsService } = context.services;
  const personas = personasService.createMany(context.actor, read.map((individual) => individual.persona), { allowNameless: true }).map((persona) => context.created('persona', persona.id));
  const planned = read.flatMap((individual, at) => individual.claims.map((claim) => ({ ...claim, persona: personas[at], xref: individual.record.xref })));
  const claims = assertionsService.captureMany(context.actor, planned.map(({ claim, persona }) => ({ persona, ...claim })));
  claims.forEach((captured, at) => {
    context.created('assertion', captured.id);
    const { claim, xref, more, fields, kept, node, path } = planned[at];
    // A family citing the same place in the same source adds nothing to this one (mentions.ts).
    if (claim.kind === MENTION && claim.source && xref) context.mentions.set(mentionKey(xref, { source: claim.source, citation: claim.citation }), captured.id);
    for (const citation of more) assertionsService.attachEvidence(context.actor, captured.id, { kind: 'citation', citation });
    keepWholeTexts(context, captured.id, fields, 'claim');
    for (const note of kept) writeNote(context, captured.id, note.text, note.path, note.node);
    mapNotes(context, node, captured.id, path);
    if (planned[at].media) mapMediaLinks(context, node, path, { attachedTo: captured.id });
  });
  const persons = personsService.concludeMany(context.actor, personas.map((persona) => [persona]));
  persons.forEach((person, at) => {
    const { record, notes } = read[at];
    context.created('person', person.id);
    for (const note of notes) writeNote(context, person.id, note.text, note.path, note.node);
    if (record.xref) context.individuals.set(record.xref, { persona: personas[at], person: person.id });
    mapNotes(context, record, person.id, 'INDI');
    mapMediaLinks(context, record, 'INDI', { depicts: personas[at] });
    keepChosenPhotos(context, record, personas[at]);
  });
}

/** What one INDI says (its losses reported, its citations made), ready to be written with its batch. */
function readIndividual(context: MappingContext, record: GedcomNode, associations: GedcomNode[]): ReadIndividual {
  if (!record.xref) context.lose('INDI', record, 'individual without a cross-reference id: families cannot point at it');
  const names = record.children.filter((node) => node.tag === 'NAME');
  const first = names.length ? mapName(names[0]) : undefined;
  const sexNode = record.children.find((node) => node.tag === 'SEX');
  const sex = sexNode?.value?.trim().toUpperCase().slice(0, 1);
  if (sexNode && !(sex && SEXES.has(sex))) context.lose('INDI.SEX', sexNode, `sex "${sexNode.value ?? ''}" is none of M, F, X, U`);
  const claims: PlannedClaim[] = [];
  const notes: KeptNote[] = [];
  const keepNote = (note: KeptNote) => notes.push(note);
  names.forEach((node, index) => mapNameStructure(context, claims, node, index === 0));
  for (const node of record.children) {
    const kind = INDIVIDUAL_FACTS[node.tag];
    if (kind) {
      captureFact(context, claims, node, kind, `INDI.${node.tag}`);
      if (node.tag === 'ADOP') readAdoption(context, record.xref, node);
    } else if (node.tag === 'FAMC' || node.tag === 'FAMS') readFamilyLink(context, record.xref, node);
    else if (node.tag === 'ASSO' || (node.tag === 'ALIA' && node.pointer)) associations.push(detachNode({ ...node, xref: record.xref }));
    else if (node.tag === 'ALIA') aliasName(context, claims, node);
    else if (node.tag === 'SOUR') mention(context, claims, node);
    else if (HANDLED.has(node.tag) || keepIdentifier(context, node, 'INDI', 'person', keepNote) || keepPersonLine(context, node, keepNote)) continue;
    else if (!keepExtensionFact(context, node, (fact) => captureFact(context, claims, fact, INDIVIDUAL_FACTS.FACT, `INDI.${node.tag}`))) {
      context.lose(`INDI.${node.tag}`, node, node.tag.startsWith('_') ? 'extension tag not mapped' : 'not mapped');
    }
  }
  return { record, persona: { ...personaName(first), ...(sex && SEXES.has(sex) ? { sex: sex as 'M' | 'F' | 'X' | 'U' } : {}) }, claims, notes };
}

/**
 * A SOUR of the individual as a whole -> a `mention` claim citing its source and citation
 * (`mentions.ts`), one per SOUR; the SOUR's notes are the claim's.
 */
function mention(context: MappingContext, claims: PlannedClaim[], sour: GedcomNode): void {
  const cited = citeMention(context, sour, 'INDI');
  if (cited) claims.push({ claim: { kind: MENTION, ...cited }, node: sour, path: 'INDI.SOUR', more: [], fields: [], kept: [] });
}

/**
 * FAMC (the family as a child: its PEDI and STAT kept for the family pass) or FAMS (as a partner; the
 * edges themselves are read from the FAM side); the link's NOTEs wait for the edge it becomes.
 */
function readFamilyLink(context: MappingContext, individual: string | undefined, link: GedcomNode): void {
  if (link.tag === 'FAMC' && link.pointer && individual) {
    const pedigree = link.children.find((part) => part.tag === 'PEDI');
    // 7.0 says what its list has no word for in a PHRASE: `PEDI OTHER` + `PHRASE step`.
    const written = pedigree?.value?.trim().toUpperCase() === 'OTHER' ? (pedigree.children.find((part) => part.tag === 'PHRASE')?.value ?? pedigree.value) : pedigree?.value;
    if (written) context.pedigrees.set(`${individual} ${link.pointer}`, written);
    readLinkStatus(context, individual, link.pointer, link);
  }
  keepLinkNotes(context, individual, link);
  const edges = link.tag === 'FAMC' ? 'the parent edges' : 'the spouse edge';
  const read = (tag: string) => link.tag === 'FAMC' && (tag === 'PEDI' || (tag === 'STAT' && individual !== undefined && link.pointer !== undefined));
  for (const part of link.children) if (!NOTES.has(part.tag) && !read(part.tag)) context.lose(`INDI.${link.tag}.${part.tag}`, part, `not kept on ${edges}`);
}

function personaName(name: MappedName | undefined) {
  if (!name || !hasName(name)) return {};
  const { as_written, ...pieces } = name;
  return { ...(as_written ? { name: clip(as_written, 200) } : {}), ...Object.fromEntries(Object.entries(pieces).map(([piece, value]) => [piece, clip(value, 200)])) };
}

/**
 * A NAME the persona does not hold (every NAME but the first), or a first NAME that cites a
 * source, has a TYPE or a NOTE: a `name` claim with the name as written, so the other names,
 * their evidence and their notes stay. Its TYPE (birth, married, aka) goes into the value:
 * `Mary Jones (married)`.
 */
function mapNameStructure(context: MappingContext, claims: PlannedClaim[], node: GedcomNode, first: boolean): void {
  const cites = node.children.some((part) => part.tag === 'SOUR');
  for (const part of node.children) {
    if (!NAME_PIECE_TAGS[part.tag] && !['SOUR', 'TYPE', ...NOTES].includes(part.tag)) context.lose(`INDI.NAME.${part.tag}`, part, 'not kept with the name');
    // Pieces of a further name stay only in the name as written.
    if (!first && NAME_PIECE_TAGS[part.tag]) context.lose(`INDI.NAME.${part.tag}`, part, 'piece of a further name: kept only as written in its name claim');
  }
  if (first && !cites && !node.children.some((part) => part.tag === 'TYPE' || NOTES.has(part.tag))) return;
  const written = mapName(node).as_written;
  if (!written) return;
  const type = node.children.find((part) => part.tag === 'TYPE')?.value?.trim().toLowerCase();
  claims.push(plan(context, node, { kind: 'name', value: type ? `${written} (${type})` : written }, 'INDI.NAME'));
}

/**
 * An ALIA with a name and no pointer (Family Tree Maker's alias: `1 ALIA Kesair`; GEDCOM's ALIA
 * points at another INDI) -> a further name of type aka, as a `name` claim (`Kesair (aka)`), which
 * the exports write as NAME with TYPE AKA. A blank one is reported.
 */
function aliasName(context: MappingContext, claims: PlannedClaim[], node: GedcomNode): void {
  const written = asWritten(node);
  if (written === undefined) return context.lose('INDI.ALIA', node, 'blank: nothing to keep');
  context.keptAs('INDI.ALIA', node, 'an alias written as a name (Family Tree Maker): kept as a further name of type aka; exports write it as NAME with TYPE AKA');
  claims.push(plan(context, node, { kind: 'name', value: `${written} (aka)` }, 'INDI.ALIA'));
  for (const part of node.children) if (part.tag !== 'SOUR' && !NOTES.has(part.tag)) context.lose(`INDI.ALIA.${part.tag}`, part, 'not kept with the name');
}

/**
 * One fact or event -> a claim: date (with its PHRASE) and place as given, a value (OCCU's
 * text; EVEN/FACT: TYPE first), its sources, notes and media objects (attached to the claim). An ADOP's FAMC is the adopting family
 * (read by `readAdoption`).
 */
function captureFact(context: MappingContext, claims: PlannedClaim[], node: GedcomNode, kind: string, path: string): void {
  const type = node.children.find((part) => part.tag === 'TYPE')?.value?.trim();
  const said = node.value && !PRESENCE_ONLY.has(node.value.trim()) ? node.value.trim() : undefined;
  const generic = node.tag === 'EVEN' || node.tag === 'FACT';
  const value = generic && type ? (said ? `${type}: ${said}` : type) : said;
  const { notes, ...when } = dateAndPlace(context, node, path, 'claim');
  const planned = plan(context, node, { kind, value, ...when }, path);
  planned.kept.push(...notes);
  if (node.children.some((part) => part.tag === 'OBJE')) planned.media = true;
  claims.push(planned);
  for (const part of node.children) {
    if (FACT_PARTS.has(part.tag) || (generic && part.tag === 'TYPE') || (node.tag === 'ADOP' && part.tag === 'FAMC')) continue;
    if (keepFactDetail(context, part, path, 'claim', (note) => planned.kept.push(note))) continue;
    context.lose(`${path}.${part.tag}`, part, part.tag.startsWith('_') ? 'extension tag not mapped' : node.tag === 'SLGC' && part.tag === 'FAMC' ? SEALING_FAMILY : 'not kept on the claim');
  }
}

/** Why an LDS sealing to parents' FAMC is not kept, and what exports write instead. */
const SEALING_FAMILY = 'not kept on the claim: exports name the family the person is a child of (the birth one first)';

/** One claim to capture, citing the structure's SOURs (the first as its source and citation, the others as evidence). */
function plan(context: MappingContext, node: GedcomNode, claim: { kind: string; value?: string; date?: string; place?: string }, path: string): PlannedClaim {
  const citing = citeSources(context, node, path);
  const field = (value: string | undefined, max: number, label: string, tag?: string): FieldText | undefined =>
    value ? { value, max, label, path: tag ? `${path}.${tag}` : path, node: tag ? node.children.find((part) => part.tag === tag) : node } : undefined;
  const fields = { value: field(claim.value, 10_000, 'Value'), date: field(claim.date, 100, 'Date', 'DATE'), place: field(claim.place, 500, 'Place', 'PLAC') };
  return {
    claim: {
      kind: claim.kind,
      ...fieldValues(fields),
      ...(citing.source ? { source: citing.source } : {}),
      ...(citing.citation ? { citation: citing.citation } : {}),
    },
    node,
    path,
    more: citing.more,
    fields: Object.values(fields),
    kept: [],
  };
}
