/**
 * The HEAD record the writer puts first. The writer owns HEAD and TRLR: records handed to
 * it are the file's content, and the header says how that content is written.
 */
import type { GedcomNode } from '../types.js';
import type { WriteVersion } from './lines.js';

export interface HeaderOptions {
  version: WriteVersion;
  sourceSystem?: { name: string; version?: string };
  /** 7.0 extension tags and their URIs, written as HEAD.SCHMA.TAG. */
  schema?: Record<string, string>;
  /** The submitter record's xref, written as HEAD.SUBM (5.5.1 requires one). */
  submitter?: string;
}

const node = (tag: string, value?: string, children: GedcomNode[] = []): GedcomNode => ({ level: 0, tag, value, line: 0, children });

/** HEAD as a node tree: GEDC.VERS, 7.0 SCHMA, SOUR, SUBM and, in 5.5.1, GEDC.FORM and CHAR UTF-8. */
export function headerRecord(options: HeaderOptions): GedcomNode {
  const five = options.version === '5.5.1';
  const gedc = node('GEDC', undefined, [node('VERS', options.version), ...(five ? [node('FORM', 'LINEAGE-LINKED')] : [])]);
  const children = [gedc];
  const tags = Object.entries(options.schema ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (!five && tags.length > 0) children.push(node('SCHMA', undefined, tags.map(([tag, uri]) => node('TAG', `${tag} ${uri}`))));
  // 5.5.1 requires HEAD.SOUR (an "approved system id", one word); 7.0 makes it optional.
  const system = options.sourceSystem ?? (five ? { name: 'Rootline' } : undefined);
  if (system) children.push(node('SOUR', system.name, system.version ? [node('VERS', system.version)] : []));
  if (options.submitter !== undefined) children.push({ ...node('SUBM'), pointer: options.submitter });
  if (five) children.push(node('CHAR', 'UTF-8'));
  return node('HEAD', undefined, children);
}
