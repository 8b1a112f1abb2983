/**
 * Checks one structure's text payload against its type (pointers are checked by the
 * pointer registry, since their targets may come later in the file). Returns the problem,
 * or undefined when the payload is fine.
 */
import { validateGedcomDate } from '@rootline/gedcom-date';
import type { PayloadKind } from '../rules/lookup.js';

export type RuleVersion = '7.0' | '5.5.1';

export interface PayloadProblem {
  code: 'bad-payload' | 'bad-date' | 'bad-enum' | 'missing-payload' | 'unexpected-payload';
  message: string;
}

const AGE_70 = /^(?:[<>] )?(?:\d+y(?: \d+m)?(?: \d+w)?(?: \d+d)?|\d+m(?: \d+w)?(?: \d+d)?|\d+w(?: \d+d)?|\d+d)$/;
const AGE_551 = /^(?:[<>] ?)?(?:\d+y(?: ?\d+m)?(?: ?\d+w)?(?: ?\d+d)?|\d+m(?: ?\d+w)?(?: ?\d+d)?|\d+w(?: ?\d+d)?|\d+d)$|^(?:CHILD|INFANT|STILLBORN)$/i;
const FORMATS: Partial<Record<PayloadKind['kind'], { pattern: RegExp; what: string; only70?: boolean }>> = {
  integer: { pattern: /^\d+$/, what: 'a whole number' },
  time: { pattern: /^(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d+)?)?Z?$/, what: 'a time (hh:mm[:ss[.fff]][Z])' },
  language: { pattern: /^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*$/, what: 'a BCP 47 language tag (en, en-GB)', only70: true },
  'media-type': { pattern: /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+(?:\s*;.*)?$/, what: 'a media type (image/jpeg)', only70: true },
  latitude: { pattern: /^[NS](?:90|[0-8]?\d)(?:\.\d+)?$/, what: 'a latitude (N50.5)' },
  longitude: { pattern: /^[EW](?:180|1[0-7]\d|0?\d?\d)(?:\.\d+)?$/, what: 'a longitude (W0.12)' },
  'tag-def': { pattern: /^_[A-Z0-9_]+ \S+$/, what: 'an extension tag and its URI' },
  name: { pattern: /^[^/\t]*(?:\/[^/\t]*\/[^/\t]*)?$/, what: 'a name with the surname, if any, between one pair of slashes' },
};
/** Types whose empty value is itself valid (Text, DateValue, DatePeriod, Age, lists); the others need a payload. */
const MAY_BE_EMPTY = new Set<PayloadKind['kind']>(['none', 'y-or-null', 'text', 'age']);

/** The problem with `value` (the payload as read; '' or undefined for none) for a structure of this payload type. */
export function payloadProblem(kind: PayloadKind, value: string | undefined, version: RuleVersion, enumOverride?: ReadonlySet<string> | 'unchecked'): PayloadProblem | undefined {
  const text = value ?? '';
  if (text === '') {
    const optional = MAY_BE_EMPTY.has(kind.kind) || (kind.kind === 'date' && kind.form !== 'exact' && version === '7.0');
    return optional ? undefined : { code: 'missing-payload', message: `needs a payload (${describe(kind)})` };
  }
  switch (kind.kind) {
    case 'none':
      return { code: 'unexpected-payload', message: `takes no payload, but has "${text}"` };
    case 'y-or-null':
      return text === 'Y' ? undefined : { code: 'bad-payload', message: `is either empty or Y, not "${text}"` };
    case 'text':
    case 'file-path':
    case 'uri':
      return undefined;
    case 'pointer':
      return { code: 'bad-payload', message: `needs a pointer to a ${kind.record} record, not text` };
    case 'date':
      return dateProblem(text, kind.form, version);
    case 'age':
      return (version === '7.0' ? AGE_70 : AGE_551).test(text) ? undefined : { code: 'bad-payload', message: `"${text}" is not an age (such as > 25y 3m)` };
    case 'enum':
      return enumProblem(text, kind.values, kind.list, version, enumOverride);
  }
  const format = FORMATS[kind.kind];
  if (!format || (format.only70 && version !== '7.0') || format.pattern.test(text)) return undefined;
  return { code: 'bad-payload', message: `"${text}" is not ${format.what}` };
}

function describe(kind: PayloadKind): string {
  if (kind.kind === 'pointer') return `a pointer to a ${kind.record} record`;
  if (kind.kind === 'enum') return `one of ${[...kind.values].join(', ')}`;
  return FORMATS[kind.kind]?.what ?? kind.kind;
}

function dateProblem(text: string, form: 'value' | 'exact' | 'period', version: RuleVersion): PayloadProblem | undefined {
  const checked = validateGedcomDate(text, version);
  if (!checked.valid) return { code: 'bad-date', message: `"${text}": ${checked.errors.map((e) => e.message).join('; ')}` };
  if (form === 'exact' && !/^\d{1,2} [A-Z]{3} \d+$/.test(text)) return { code: 'bad-date', message: `"${text}" is not an exact date (day month year)` };
  if (form === 'period' && !/^(?:FROM|TO) /.test(text)) return { code: 'bad-date', message: `"${text}" is not a date period (FROM ... TO ...)` };
  return undefined;
}

function enumProblem(text: string, values: ReadonlySet<string>, list: boolean, version: RuleVersion, override?: ReadonlySet<string> | 'unchecked'): PayloadProblem | undefined {
  if (version === '5.5.1' && override === 'unchecked') return undefined;
  const allowed = version === '5.5.1' && override !== undefined && override !== 'unchecked' ? override : values;
  const items = list ? text.split(/ *, */) : [text];
  const bad = items.filter((item) => {
    // 7.0 lets extension tags extend every enumeration; 5.5.1 compares without case and lets ROLE be (free text).
    if (version === '7.0') return !allowed.has(item) && !/^_[A-Z0-9_]+$/.test(item);
    return !allowed.has(item.toUpperCase()) && !/^\(.*\)$/.test(item);
  });
  if (bad.length === 0) return undefined;
  return { code: 'bad-enum', message: `${bad.map((b) => `"${b}"`).join(', ')} is not one of ${[...allowed].join(', ')}` };
}
