import type { Redacted, Redactions } from './cache.js';

/** What an agent reads in place of a redacted value. */
const MARKER = '[redacted]';

/**
 * Hides `fields` of `object` for its reader: an agent reads the marker in their place; the human
 * reads the values, the object flagged `redacted: [...]` (added to any flags it carries already).
 */
function hide(object: Record<string, unknown>, fields: readonly string[], agent: boolean): void {
  if (agent) for (const field of fields) object[field] = MARKER;
  else object.redacted = [...new Set([...((object.redacted as string[] | undefined) ?? []), ...fields])];
}

/** Fields computed from another one: redacting `birth` of a person hides its `life_years` too. */
const DERIVED: Readonly<Record<string, readonly string[]>> = { birth: ['life_years'], death: ['life_years'] };

/** The fields each kind's label is made of: redacting one of them (or the whole entity) hides the label. */
const LABEL_FIELDS: Readonly<Record<string, readonly string[]>> = {
  person: ['display_name', 'birth', 'death'],
  persona: ['name'],
  source: ['title'],
  event: ['type', 'date', 'place'],
  assertion: ['kind', 'value', 'date', 'place'],
};

/** Kinds whose label is their own name: decided by their own redactions, never by a name they happen to share. */
const OWN_NAME_KINDS = new Set(['person', 'persona']);

/** What a person summary without an id of its own (a pedigree slot) shows of the person. */
const PERSON_SUMMARY = ['display_name', 'birth', 'death', 'life_years', 'label'];

const LABEL_KEYS = new Set(['id', 'kind', 'label', 'redacted']);

/**
 * How an object describes an entity, if it does:
 * - a label `{ id, kind, label }` (GET /labels, FAN nodes): only `label` can be hidden, and it
 *   is when the redaction covers a field the label is made of (a relationship's label: any),
 *   or when a label of another kind than person and persona quotes a redacted name;
 * - an entity `{ id, ... }`: the object is that entity (or a view of it);
 * - a person summary `{ person, display_name, ... }` without an id (pedigree slots).
 */
function describes(object: Record<string, unknown>): { target: string; shape: Shape } | undefined {
  if (typeof object.id === 'string') {
    const label = typeof object.kind === 'string' && typeof object.label === 'string' && Object.keys(object).every((key) => LABEL_KEYS.has(key));
    return { target: object.id, shape: label ? 'label' : 'entity' };
  }
  if (typeof object.person === 'string' && Object.hasOwn(object, 'display_name')) return { target: object.person, shape: 'summary' };
  if (typeof object.entity_id === 'string' && Object.hasOwn(object, 'payload')) return { target: object.entity_id, shape: 'record' };
  return undefined;
}

/**
 * - `label`, `entity`, `summary`: see `describes`;
 * - `record`: a record of the log `{ entity_id, payload, ... }` (GET /audit): what it says of a
 *   redacted entity is its payload, which carries the entity's values as they were written
 *   (a source's title, an event's place before and after a correction, a persona's name pieces).
 */
type Shape = 'label' | 'entity' | 'summary' | 'record';

/** The fields of `object` its target's redactions cover, of those it has. */
function coveredFields(object: Record<string, unknown>, shape: Shape, redacted: Redacted | undefined, redactions: Redactions): string[] {
  if (shape === 'label') return labelHidden(object, redacted, redactions) ? ['label'] : [];
  if (shape === 'record') return redacted?.whole ? ['payload'] : [];
  const covered = entityFields(object, shape, redacted);
  // A label carried beside other fields (a research signal's example `{ id, kind, label, related }`)
  // follows the label's rule as well: it is made of the fields the redaction hides.
  if (shape === 'entity' && typeof object.kind === 'string' && typeof object.label === 'string' && !covered.includes('label') && labelHidden(object, redacted, redactions)) {
    covered.push('label');
  }
  return covered;
}

/** The fields an entity's (or a person summary's) own redaction covers, of those it has. */
function entityFields(object: Record<string, unknown>, shape: 'entity' | 'summary', redacted: Redacted | undefined): string[] {
  if (!redacted) return [];
  if (redacted.whole) return shape === 'entity' ? Object.keys(object).filter((key) => key !== 'id') : PERSON_SUMMARY.filter((key) => Object.hasOwn(object, key));
  const covered = new Set<string>();
  for (const field of redacted.fields) {
    covered.add(field);
    for (const derived of DERIVED[field] ?? []) covered.add(derived);
  }
  return [...covered].filter((field) => Object.hasOwn(object, field));
}

/**
 * A label is hidden when its own entity's redaction covers a field it is made of (or the whole
 * entity), or when it is another kind's label quoting a redacted name ("Parent of William
 * Smyth: ...", "Birth of William Smyth: ...").
 */
function labelHidden(object: Record<string, unknown>, redacted: Redacted | undefined, redactions: Redactions): boolean {
  const kind = object.kind as string;
  if (redacted) {
    const fields = LABEL_FIELDS[kind];
    if (redacted.whole || fields === undefined || fields.some((field) => redacted.fields.has(field))) return true;
  }
  return !OWN_NAME_KINDS.has(kind) && redactions.quotes !== null && redactions.quotes.test(object.label as string);
}

/** The person's fields a duplicate candidate's reason is about (`{ person, score, reasons: [{ field, how, detail }] }`). */
const REASON_FIELDS: Readonly<Record<string, readonly string[]>> = { given: ['display_name', 'name'], surname: ['display_name', 'name'], birth: ['birth'], death: ['death'] };

/**
 * A duplicate candidate's reasons quote its person's stored values (`Dorothy ~ Dora: both forms
 * of Dorothy`, `"ABT 1850" and "1852" ...`): a reason about a field the person's redaction hides
 * has its `detail` hidden too (flagged for the human). Returns whether anything changed.
 */
function hideReasons(object: Record<string, unknown>, redactions: Redactions, agent: boolean): boolean {
  const person = object.person as Record<string, unknown> | null | undefined;
  if (!person || typeof person !== 'object' || typeof person.id !== 'string' || !Array.isArray(object.reasons)) return false;
  const redacted = redactions.targets.get(person.id);
  if (!redacted) return false;
  let changed = false;
  for (const reason of object.reasons as unknown[]) {
    if (!reason || typeof reason !== 'object') continue;
    const { field, detail } = reason as Record<string, unknown>;
    if (typeof field !== 'string' || typeof detail !== 'string') continue;
    if (!redacted.whole && !(REASON_FIELDS[field] ?? [field]).some((name) => redacted.fields.has(name))) continue;
    hide(reason as Record<string, unknown>, ['detail'], agent);
    changed = true;
  }
  return changed;
}

/** Other names a redacted field's values are written under inside an entity's history (a persona's name as the pieces set). */
const WRITTEN_AS: Readonly<Record<string, readonly string[]>> = { name: ['pieces'] };

/** The field names a partial redaction hides inside what an entity carries of its own past (see `hideInHistory`). */
function historyFields(redacted: Redacted | undefined): Set<string> {
  const fields = new Set<string>();
  if (!redacted || redacted.whole) return fields;
  for (const field of redacted.fields) {
    fields.add(field);
    for (const other of WRITTEN_AS[field] ?? []) fields.add(other);
  }
  return fields;
}

/**
 * Where an entity carries its own past: an event's `corrections` (each with the values it
 * replaced and set), a record's `payload`. Everything inside is the entity's own values.
 */
const HISTORY: Readonly<Record<'entity' | 'record', string>> = { entity: 'corrections', record: 'payload' };

/**
 * A redacted field is hidden wherever its entity's past carries it again, at any depth: an
 * event's corrections (`previous.place`, `values.place`), a record's payload (`title` of
 * `source.created.v1`, `pieces` of `persona.name_pieces_set.v1`).
 */
function hideInHistory(value: unknown, fields: ReadonlySet<string>, agent: boolean): boolean {
  if (Array.isArray(value)) {
    let changed = false;
    for (const item of value) changed = hideInHistory(item, fields, agent) || changed;
    return changed;
  }
  if (value === null || typeof value !== 'object') return false;
  const object = value as Record<string, unknown>;
  const hidden: string[] = [];
  let changed = false;
  for (const [key, child] of Object.entries(object)) {
    if (fields.has(key)) hidden.push(key);
    else changed = hideInHistory(child, fields, agent) || changed;
  }
  if (hidden.length === 0) return changed;
  hide(object, hidden, agent);
  return true;
}

/**
 * A research question made as a person's entry anchor (`{ text: 'General research: <name>',
 * anchor: { kind: 'person', person } }`) quotes the person's name in its text, which the
 * research plugin wrote, not a researcher: hidden with the name. Returns whether anything changed.
 */
function hideAnchorText(object: Record<string, unknown>, redactions: Redactions, agent: boolean): boolean {
  const anchor = object.anchor as Record<string, unknown> | null | undefined;
  if (!anchor || typeof anchor !== 'object' || typeof anchor.person !== 'string' || typeof object.text !== 'string') return false;
  const redacted = redactions.targets.get(anchor.person);
  if (!redacted || !(redacted.whole || redacted.fields.has('display_name'))) return false;
  hide(object, ['text'], agent);
  return true;
}

/**
 * Applies the redactions to a parsed JSON reply, in place, at any depth: every object that
 * describes a redacted target has the covered fields replaced by the marker for an agent, or
 * carries `redacted: [fields]` for the human (who sees the values). Returns whether anything changed.
 */
export function applyRedactions(value: unknown, redactions: Redactions, agent: boolean): boolean {
  if (Array.isArray(value)) {
    let changed = false;
    for (const item of value) changed = applyRedactions(item, redactions, agent) || changed;
    return changed;
  }
  if (value === null || typeof value !== 'object') return false;
  const object = value as Record<string, unknown>;
  const entity = describes(object);
  const covered = entity ? coveredFields(object, entity.shape, redactions.targets.get(entity.target), redactions) : [];
  let changed = hideReasons(object, redactions, agent);
  changed = hideAnchorText(object, redactions, agent) || changed;
  const past = entity?.shape === 'entity' || entity?.shape === 'record' ? HISTORY[entity.shape] : undefined;
  if (past !== undefined && !(agent && covered.includes(past))) {
    const fields = historyFields(redactions.targets.get(entity!.target));
    if (fields.size > 0) changed = hideInHistory(object[past], fields, agent) || changed;
  }
  for (const [key, child] of Object.entries(object)) {
    // An agent's covered fields are replaced whole; the human still reads them, so look inside.
    if (!agent || !covered.includes(key)) changed = applyRedactions(child, redactions, agent) || changed;
  }
  if (covered.length === 0) return changed;
  hide(object, covered, agent);
  return true;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/**
 * Whether a JSON text names any redacted target, or has labels quoting a redacted name, at all:
 * most replies are never parsed. Names matter only in labels (everything else is found by id).
 */
export function mentionsAny(json: string, redactions: Redactions): boolean {
  for (const match of json.matchAll(UUID)) if (redactions.targets.has(match[0])) return true;
  return redactions.needles.length > 0 && json.includes('"label":') && redactions.needles.some((needle) => json.includes(needle));
}
