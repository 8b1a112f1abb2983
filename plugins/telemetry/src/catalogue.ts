import type { ProblemFieldError } from '@rootline/kernel';

/** A field's rule: a whole number in a range, a yes/no, or one word of a fixed list. */
export type FieldRule =
  | { type: 'integer'; minimum: number; maximum: number }
  | { type: 'boolean' }
  | { type: 'enum'; values: readonly string[] };

const count = (maximum = 10_000_000): FieldRule => ({ type: 'integer', minimum: 0, maximum });
const DURATION_MS: FieldRule = { type: 'integer', minimum: 0, maximum: 86_400_000 };
const OUTCOME: FieldRule = { type: 'enum', values: ['succeeded', 'failed', 'cancelled'] };

/**
 * The only events telemetry keeps: their names and, for each, the fields it may carry. A field
 * is a number in a range, a boolean or a word of a fixed list, never text of the user's: no
 * names, places, dates, notes, ids or file names can be put into an event, so no genealogical
 * data can leave the machine. Every field is optional; anything not listed is refused.
 */
export const EVENT_CATALOGUE: Readonly<Record<string, Readonly<Record<string, FieldRule>>>> = {
  'app.started': { plugin_count: count(1_000), tree_count: count(10_000) },
  'gedcom.import_finished': { version: { type: 'enum', values: ['5.5.1', '7.0'] }, outcome: OUTCOME, duration_ms: DURATION_MS, individuals: count() },
  'gedcom.export_finished': { outcome: OUTCOME, duration_ms: DURATION_MS, individuals: count(), include_living: { type: 'boolean' } },
  'backup.finished': { outcome: OUTCOME, trigger: { type: 'enum', values: ['schedule', 'manual'] }, duration_ms: DURATION_MS, size_mib: count() },
  'search.performed': { kind: { type: 'enum', values: ['persons', 'duplicates', 'sources'] }, result_count: count(), duration_ms: DURATION_MS },
  'view.opened': { view: { type: 'enum', values: ['pedigree', 'fan-network', 'person-card', 'pending', 'research', 'conflicts', 'sources', 'audit'] } },
  'review.decided': { action: { type: 'enum', values: ['confirm', 'refute', 'defer', 'mark-fabricated', 'bulk-confirm'] }, proposer: { type: 'enum', values: ['human', 'agent'] }, count: count(10_000) },
  'error.shown': { status: { type: 'integer', minimum: 400, maximum: 599 } },
};

/** Event names are catalogue words; anything else is refused without being echoed at length. */
const quoted = (text: string) => JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);

/** What is wrong with an event (none: it may be kept), one entry per refused part. */
export function eventProblems(name: string, fields: Record<string, unknown>): ProblemFieldError[] {
  const rules = Object.hasOwn(EVENT_CATALOGUE, name) ? EVENT_CATALOGUE[name] : undefined;
  if (!rules) return [{ location: 'body', name: 'name', message: `${quoted(name)} is not an event telemetry keeps` }];
  const errors: ProblemFieldError[] = [];
  for (const [field, value] of Object.entries(fields)) {
    const rule = Object.hasOwn(rules, field) ? rules[field] : undefined;
    const where = `fields.${field}`;
    if (!rule) errors.push({ location: 'body', name: where, message: `${name} has no field ${quoted(field)}` });
    else if (!fits(rule, value)) errors.push({ location: 'body', name: where, message: describe(rule) });
  }
  return errors;
}

function fits(rule: FieldRule, value: unknown): boolean {
  switch (rule.type) {
    case 'integer':
      return Number.isInteger(value) && (value as number) >= rule.minimum && (value as number) <= rule.maximum;
    case 'boolean':
      return typeof value === 'boolean';
    case 'enum':
      return typeof value === 'string' && rule.values.includes(value);
  }
}

function describe(rule: FieldRule): string {
  switch (rule.type) {
    case 'integer':
      return `must be a whole number from ${rule.minimum} to ${rule.maximum}`;
    case 'boolean':
      return 'must be true or false';
    case 'enum':
      return `must be one of ${rule.values.join(', ')}`;
  }
}
