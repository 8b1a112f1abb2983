/**
 * The NAMEs of an INDI: each persona's (the first is the person's own), then each confirmed
 * `name` claim (the import's further NAMEs, "Mary Jones (married)": TYPE married).
 *
 * The import keeps a first NAME that has a TYPE or cites a source twice: as the persona's
 * name and as a claim of the same text. That claim is the first NAME's own: its TYPE, sources
 * and notes go under the persona's NAME, which is written once.
 */
import type { GedcomNode } from '@rootline/gedcom';
import { enumerationValues } from '@rootline/gedcom';
import type { AssertionDto } from '@rootline/contracts/assertions';
import type { PersonDto } from '@rootline/contracts/persons';
import { node, type ExportContext } from './context.js';
import type { PersonBatch } from './person-batch.js';
import { furtherNamePayload, nameStructure } from './names.js';
import { noteStructures } from './details.js';
import { claimCitations } from './citations.js';

/** GEDCOM 7's name types (AKA, BIRTH, ... OTHER), from the specification's tables. */
const NAME_TYPES = enumerationValues('NAME-TYPE');

/** A claim's value: the name, and the type the import put in brackets after it (lower case). */
function typedName(value: string): { name: string; type?: string } {
  const typed = /^(.*\S)\s+\(([^()]+)\)$/.exec(value);
  return typed ? { name: typed[1], type: typed[2].trim() } : { name: value };
}

/** Two written names are one when they differ only in slashes, spaces and case. */
const sameName = (a: string, b: string | null) => b !== null && plain(a) === plain(b);
const plain = (name: string) => name.replace(/\//g, ' ').replace(/\s+/g, ' ').trim().toLowerCase();

export function personNames(context: ExportContext, person: PersonDto, batch: PersonBatch, nameClaims: readonly AssertionDto[]): GedcomNode[] {
  const written: GedcomNode[] = [];
  const personas = person.personas.flatMap((id) => batch.personas.get(id) ?? []);
  const first = personas[0];
  const claims = nameClaims.filter((claim) => context.shows(claim.id, 'value') && claim.value);
  const own = first ? claims.find((claim) => sameName(typedName(claim.value!).name, first.name.as_written)) : undefined;
  personas.forEach((persona, index) => {
    if (!context.shows(persona.id, 'name')) return context.lose('INDI.NAME', 'redacted name not written');
    const name = nameStructure(persona.name, index === 0 && own ? claimParts(context, own, batch) : []);
    if (name) written.push(name);
  });
  for (const claim of claims) {
    if (claim === own) continue;
    written.push(node('NAME', furtherNamePayload(typedName(claim.value!).name, first?.name), claimParts(context, claim, batch)));
  }
  return written;
}

/** What a name claim adds under its NAME: its TYPE, its sources, its notes. */
function claimParts(context: ExportContext, claim: AssertionDto, batch: PersonBatch): GedcomNode[] {
  const { type } = typedName(claim.value!);
  const parts: GedcomNode[] = [];
  if (type) parts.push(nameType(context, type));
  parts.push(...claimCitations(context, claim, { citations: batch.citations, evidence: batch.evidence.get(claim.id), attached: batch.attached, notes: batch.notes }, 'INDI.NAME'));
  parts.push(...noteStructures(context, batch.notes.get(claim.id), 'INDI.NAME'));
  return parts;
}

/**
 * 5.5.1 writes the type as its word (`married`, or any other). 7.0 has a list: a word of it in
 * capitals, OTHER alone for `other` (the import keeps no more), anything else OTHER with the
 * word as its PHRASE.
 */
function nameType(context: ExportContext, type: string): GedcomNode {
  if (context.version === '5.5.1') return node('TYPE', type);
  const listed = type.toUpperCase();
  return NAME_TYPES.has(listed) ? node('TYPE', listed) : node('TYPE', 'OTHER', [node('PHRASE', type)]);
}
