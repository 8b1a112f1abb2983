/**
 * What HEAD says, for the importer: the version (which decides the @ escape rule and how
 * dates and notes read), the program that wrote the file, GEDCOM 7 extension schema.
 */
import type { GedcomEncoding, GedcomHeader, GedcomIssue, GedcomNode, GedcomVersion } from '../types.js';
import { charsetEncoding } from '../encoding/charsets.js';
import { readIssue } from './issues.js';

const childOf = (node: GedcomNode | undefined, tag: string) => node?.children.find((child) => child.tag === tag);

/** HEAD.GEDC.VERS as one of the versions Rootline reads; 7.x reads as 7.0. */
function versionOf(written: string): GedcomVersion | undefined {
  const version = written.trim();
  if (version === '5.5' || version === '5.5.1' || version === '5.5.5') return version;
  return /^7\.\d+(\.\d+)?$/.test(version) ? '7.0' : undefined;
}

/** GEDCOM 7 HEAD.SCHMA.TAG payloads, `_TAG uri`, as a map. */
function schemaOf(head: GedcomNode | undefined): Record<string, string> {
  const schema: Record<string, string> = {};
  for (const entry of childOf(head, 'SCHMA')?.children ?? []) {
    const [tag, uri] = (entry.value ?? '').trim().split(/\s+/, 2);
    if (entry.tag === 'TAG' && tag && uri) schema[tag] = uri;
  }
  return schema;
}

export function headerOf(
  head: GedcomNode | undefined,
  decoded: { encoding: GedcomEncoding; declaredCharset?: string },
  report: (issue: GedcomIssue) => void,
): GedcomHeader {
  const header: GedcomHeader = { encoding: decoded.encoding, schema: schemaOf(head) };
  if (decoded.declaredCharset !== undefined) header.declaredCharset = decoded.declaredCharset;
  if (head === undefined) return header;
  header.node = head;
  const source = childOf(head, 'SOUR')?.value;
  if (source !== undefined) header.sourceSystem = source;
  const versionLine = childOf(childOf(head, 'GEDC'), 'VERS');
  const version = versionLine?.value === undefined ? undefined : versionOf(versionLine.value);
  if (version !== undefined) header.version = version;
  else if (versionLine?.value !== undefined) report(readIssue('unknown-version', versionLine.line, `GEDCOM version "${versionLine.value}" is not one Rootline knows: read by the 5.5.1 rules`));
  else report(readIssue('unknown-version', head.line, 'HEAD does not say its GEDCOM version (no GEDC.VERS): read by the 5.5.1 rules'));
  const charLine = childOf(head, 'CHAR');
  if (charLine?.value !== undefined && charsetEncoding(charLine.value.trim()) === undefined) {
    report(readIssue('unknown-charset', charLine.line, `character set "${charLine.value}" is not one Rootline knows: read as ${decoded.encoding}`));
  }
  return header;
}
