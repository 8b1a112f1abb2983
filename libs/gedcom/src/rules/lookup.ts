/**
 * Questions about the GEDCOM 7 rules, answered from the generated tables: which structure
 * a tag is in its context, which substructures it allows and how often, what its payload is.
 * Context is the parent's structure type, so `DATE` under `BIRT` (`DATE`) and under `HEAD`
 * (`HEAD-DATE`) are different structures, as are `FAMC` under `INDI` and under `ADOP`.
 */
import { gedcom7Rules } from './gedcom7.generated.js';
import type { StructureRule } from './types.js';

/** A payload type, as the validator checks it. */
export type PayloadKind =
  | { kind: 'none' }
  | { kind: 'y-or-null' }
  | { kind: 'text'; list: boolean }
  | { kind: 'pointer'; record: string }
  | { kind: 'date'; form: 'value' | 'exact' | 'period' }
  | { kind: 'enum'; values: ReadonlySet<string>; list: boolean }
  | { kind: 'integer' | 'age' | 'time' | 'language' | 'media-type' | 'latitude' | 'longitude' | 'tag-def' | 'name' | 'file-path' | 'uri' };

/** Payload types (as payloads.tsv writes them) that are not free text or pointers. */
const TYPED: Record<string, PayloadKind> = {
  'Y|<NULL>': { kind: 'y-or-null' },
  'type-Date': { kind: 'date', form: 'value' },
  'type-Date#exact': { kind: 'date', form: 'exact' },
  'type-Date#period': { kind: 'date', form: 'period' },
  'http://www.w3.org/2001/XMLSchema#nonNegativeInteger': { kind: 'integer' },
  'type-Age': { kind: 'age' },
  'type-Time': { kind: 'time' },
  'http://www.w3.org/2001/XMLSchema#Language': { kind: 'language' },
  'http://www.w3.org/ns/dcat#mediaType': { kind: 'media-type' },
  'type-Latitude': { kind: 'latitude' },
  'type-Longitude': { kind: 'longitude' },
  'type-TagDef': { kind: 'tag-def' },
  'type-Name': { kind: 'name' },
  'type-FilePath': { kind: 'file-path' },
  'http://www.w3.org/2001/XMLSchema#anyURI': { kind: 'uri' },
  'http://www.w3.org/2001/XMLSchema#string': { kind: 'text', list: false },
  'type-List#Text': { kind: 'text', list: true },
};

const structures: Record<string, StructureRule> = gedcom7Rules.structures;
const payloads = new Map<string, PayloadKind>();
const enumSets = new Map(Object.entries(gedcom7Rules.enumerationSets).map(([id, values]) => [id, new Set(values)]));

/** Every tag GEDCOM 7 defines somewhere, to tell "misplaced" from "unknown". */
const standardTags = new Set<string>([
  ...Object.keys(gedcom7Rules.records),
  ...Object.values(structures).flatMap((rule) => Object.keys(rule.substructures)),
]);

/** The structure type of a top-level record (`INDI` -> `record-INDI`), if GEDCOM 7 has one. */
export function recordType(tag: string): string | undefined {
  return Object.hasOwn(gedcom7Rules.records, tag) ? gedcom7Rules.records[tag] : undefined;
}

/** The structure type a tag has under `parent`, with its cardinality; undefined when not allowed there. */
export function substructureRule(parent: string, tag: string): { type: string; min: number; max: number } | undefined {
  const rule = structures[parent];
  if (!rule || !Object.hasOwn(rule.substructures, tag)) return undefined;
  const [type, min, max] = rule.substructures[tag];
  return { type, min, max: max === 'M' ? Infinity : max };
}

const required = new Map<string, readonly string[]>();

/** Tags that must appear under `parent` (cardinality `{1:1}` or `{1:M}`). */
export function requiredTags(parent: string): readonly string[] {
  let tags = required.get(parent);
  if (tags === undefined) {
    const rule = structures[parent];
    tags = rule ? Object.entries(rule.substructures).filter(([, [, min]]) => min === 1).map(([tag]) => tag) : [];
    required.set(parent, tags);
  }
  return tags;
}

/** Whether a structure type is one the tables describe. */
export function isKnownStructure(type: string): boolean {
  return Object.hasOwn(structures, type);
}

/** Whether GEDCOM 7 uses this tag for any standard structure. */
export function isStandardTag(tag: string): boolean {
  return standardTags.has(tag);
}

/** The values an enumeration structure allows (`ROLE`: CHIL, CLERGY, FATH, ...); empty for a structure that is not one. */
export function enumerationValues(type: string): ReadonlySet<string> {
  const kind = payloadOf(type);
  return kind.kind === 'enum' ? kind.values : new Set();
}

/** The payload a structure type takes. */
export function payloadOf(type: string): PayloadKind {
  const cached = payloads.get(type);
  if (cached) return cached;
  const rule = structures[type];
  const written = rule?.payload ?? '';
  const pointer = /^@<record-([A-Z]+)>@$/.exec(written);
  let kind: PayloadKind;
  if (pointer) kind = { kind: 'pointer', record: pointer[1] };
  else if (written === 'type-Enum' || written === 'type-List#Enum') {
    kind = { kind: 'enum', values: enumSets.get(rule.enumSet ?? '') ?? new Set(), list: written === 'type-List#Enum' };
  } else kind = TYPED[written] ?? { kind: 'none' };
  payloads.set(type, kind);
  return kind;
}
