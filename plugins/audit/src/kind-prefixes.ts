import { Problems } from '@rootline/kernel';

const PREFIX_PATTERN = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*$/;

/**
 * `include=assertion, note.created` -> `['assertion', 'note.created']`: trimmed, blanks
 * dropped, deduplicated and sorted (so equal filters make equal cursors). A prefix that
 * is not dotted lower-case words is refused with 400 rather than matching nothing.
 */
export function parseKindPrefixes(include: string | undefined): string[] {
  const prefixes = (include ?? '').split(',').map((part) => part.trim()).filter(Boolean);
  const bad = prefixes.find((prefix) => !PREFIX_PATTERN.test(prefix));
  if (bad) {
    throw Problems.validationFailed(`"${bad}" is not a record kind prefix`, {
      errors: [{ location: 'query', name: 'include', message: 'must be comma-separated kind prefixes like assertion or note.created' }],
    });
  }
  return [...new Set(prefixes)].sort();
}
