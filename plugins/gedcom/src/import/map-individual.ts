import type { GedcomNode } from '@rootline/gedcom';
import { detachNode, type MappingContext } from './context.js';
import { hasName, mapName, NAME_PIECE_TAGS, type MappedName } from './names.js';
import { FACT_PARTS, INDIVIDUAL_FACTS, PRESENCE_ONLY } from './facts.js';
import { citeSources } from './map-source.js';
import { mapNotes } from './map-note.js';
import { mapMediaLinks } from './map-media.js';

const SEXES = new Set(['M', 'F', 'X', 'U']);
const clip = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);

/** INDI substructures handled here besides the facts; FAMS is read from the FAM side. */
const HANDLED = new Set(['NAME', 'SEX', 'FAMC', 'FAMS', 'NOTE', 'SNOTE', 'OBJE', 'ASSO']);

/** One INDI as read, before anything is written: its persona and the claims to capture on it. */
interface ReadIndividual {
  record: GedcomNode;
  persona: ReturnType<typeof personaName> & { sex?: 'M' | 'F' | 'X' | 'U' };
  claims: PlannedClaim[];
}

/** A claim to capture (its persona filled in once written), where it came from, and its further citations. */
interface PlannedClaim {
  claim: { kind: string; value?: string; date?: string; place?: string; source?: string; citation?: string };
  node: GedcomNode;
  path: string;
  more: string[];
}

/**
 * A batch of INDIs, each -> one persona (its first NAME, every piece; SEX) concluded into one
 * person; each fact and event -> a claim on the persona; every further NAME -> a `name` claim
 * (a persona holds one name); NOTEs -> notes on the person; FAMC.PEDI kept for the family pass;
 * ASSO kept for the end (its target may come later in the file). An INDI with no name is still
 * a person. Written with one call per kind for the whole batch (the owners' bulk methods): all
 * personas, then all claims, then all persons, so each person is derived once from its claims.
 */
export function mapIndividuals(context: MappingContext, records: readonly GedcomNode[], associations: GedcomNode[]): void {
  if (records.length === 0) return;
  const read = records.map((record) => readIndividual(context, record, associations));
  const { personasService, assertionsService, personsService } = context.services;
  const personas = personasService.createMany(context.actor, read.map((individual) => individual.persona), { allowNameless: true }).map((persona) => context.created('persona', persona.id));
  const planned = read.flatMap((individual, at) => individual.claims.map((claim) => ({ ...claim, persona: personas[at] })));
  const claims = assertionsService.captureMany(context.actor, planned.map(({ claim, persona }) => ({ persona, ...claim })));
  claims.forEach((captured, at) => {
    context.created('assertion', captured.id);
    for (const citation of planned[at].more) assertionsService.attachEvidence(context.actor, captured.id, { kind: 'citation', citation });
    mapNotes(context, planned[at].node, captured.id, planned[at].path);
  });
  const persons = personsService.concludeMany(context.actor, personas.map((persona) => [persona]));
  persons.forEach((person, at) => {
    const { record } = read[at];
    context.created('person', person.id);
    if (record.xref) context.individuals.set(record.xref, { persona: personas[at], person: person.id });
    mapNotes(context, record, person.id, 'INDI');
    mapMediaLinks(context, record, 'INDI', personas[at]);
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
  names.forEach((node, index) => mapNameStructure(context, claims, node, index === 0));
  for (const node of record.children) {
    const kind = INDIVIDUAL_FACTS[node.tag];
    if (kind) captureFact(context, claims, node, kind, `INDI.${node.tag}`);
    else if (node.tag === 'FAMC' && node.pointer && record.xref) {
      const pedigree = node.children.find((part) => part.tag === 'PEDI');
      if (pedigree?.value) context.pedigrees.set(`${record.xref} ${node.pointer}`, pedigree.value);
      for (const part of node.children) if (part.tag !== 'PEDI') context.lose(`INDI.FAMC.${part.tag}`, part, 'not kept on the parent edges');
    } else if (node.tag === 'ASSO') associations.push(detachNode({ ...node, xref: record.xref }));
    else if (!HANDLED.has(node.tag)) context.lose(`INDI.${node.tag}`, node, node.tag.startsWith('_') ? 'extension tag not mapped' : 'not mapped');
  }
  return { record, persona: { ...personaName(first), ...(sex && SEXES.has(sex) ? { sex: sex as 'M' | 'F' | 'X' | 'U' } : {}) }, claims };
}

function personaName(name: MappedName | undefined) {
  if (!name || !hasName(name)) return {};
  const { as_written, ...pieces } = name;
  return { ...(as_written ? { name: clip(as_written, 200) } : {}), ...Object.fromEntries(Object.entries(pieces).map(([piece, value]) => [piece, clip(value, 200)])) };
}

/**
 * A NAME the persona does not hold (every NAME but the first), or a first NAME that cites a
 * source: a `name` claim with the name as written, so the other names and their evidence stay.
 * Its TYPE (birth, married, aka) goes into the value: `Mary Jones (married)`.
 */
function mapNameStructure(context: MappingContext, claims: PlannedClaim[], node: GedcomNode, first: boolean): void {
  const cites = node.children.some((part) => part.tag === 'SOUR');
  for (const part of node.children) {
    if (!NAME_PIECE_TAGS[part.tag] && !['SOUR', 'TYPE', 'NOTE', 'SNOTE'].includes(part.tag)) context.lose(`INDI.NAME.${part.tag}`, part, 'not kept with the name');
    // Pieces of a further name stay only in the name as written.
    if (!first && NAME_PIECE_TAGS[part.tag]) context.lose(`INDI.NAME.${part.tag}`, part, 'piece of a further name: kept only as written in its name claim');
  }
  if (first && !cites && !node.children.some((part) => part.tag === 'TYPE')) return;
  const written = mapName(node).as_written;
  if (!written) return;
  const type = node.children.find((part) => part.tag === 'TYPE')?.value?.trim().toLowerCase();
  claims.push(plan(context, node, { kind: 'name', value: type ? `${written} (${type})` : written }, 'INDI.NAME'));
}

/** One fact or event -> a claim: date, place, a value (OCCU's text; EVEN/FACT: TYPE first), its sources and notes. */
function captureFact(context: MappingContext, claims: PlannedClaim[], node: GedcomNode, kind: string, path: string): void {
  const type = node.children.find((part) => part.tag === 'TYPE')?.value?.trim();
  const said = node.value && !PRESENCE_ONLY.has(node.value.trim()) ? node.value.trim() : undefined;
  const generic = node.tag === 'EVEN' || node.tag === 'FACT';
  const value = generic && type ? (said ? `${type}: ${said}` : type) : said;
  const date = node.children.find((part) => part.tag === 'DATE')?.value?.trim();
  const place = node.children.find((part) => part.tag === 'PLAC')?.value?.trim();
  claims.push(plan(context, node, { kind, value, date, place }, path));
  for (const part of node.children) {
    if (FACT_PARTS.has(part.tag) || (generic && part.tag === 'TYPE')) {
      for (const sub of part.tag === 'DATE' || part.tag === 'PLAC' ? part.children : []) context.lose(`${path}.${part.tag}.${sub.tag}`, sub, 'not kept on the claim');
      continue;
    }
    context.lose(`${path}.${part.tag}`, part, part.tag.startsWith('_') ? 'extension tag not mapped' : 'not kept on the claim');
  }
}

/** One claim to capture, citing the structure's SOURs (the first as its source and citation, the others as evidence). */
function plan(context: MappingContext, node: GedcomNode, claim: { kind: string; value?: string; date?: string; place?: string }, path: string): PlannedClaim {
  const citing = citeSources(context, node, path);
  return {
    claim: {
      kind: claim.kind,
      ...(claim.value ? { value: clip(claim.value, 10_000) } : {}),
      ...(claim.date ? { date: clip(claim.date, 100) } : {}),
      ...(claim.place ? { place: clip(claim.place, 500) } : {}),
      ...(citing.source ? { source: citing.source } : {}),
      ...(citing.citation ? { citation: citing.citation } : {}),
    },
    node,
    path,
    more: citing.more,
  };
}
