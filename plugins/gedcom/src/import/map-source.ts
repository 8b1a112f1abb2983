import type { GedcomNode } from '@rootline/gedcom';
import type { MappingContext } from './context.js';
import { mapNotes } from './map-note.js';

const text = (node: GedcomNode | undefined) => node?.value?.replace(/\s+/g, ' ').trim() || undefined;
const child = (node: GedcomNode, tag: string) => node.children.find((each) => each.tag === tag);
const clip = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);

/** SOUR substructures the source row holds; NOTE, TEXT and REPO become notes on it. */
const SOURCE_FIELDS = new Set(['TITL', 'ABBR', 'AUTH', 'PUBL', 'TEXT', 'REPO', 'NOTE', 'SNOTE']);

/**
 * A SOUR record -> a source: TITL (else ABBR, else the xref) as title, AUTH, PUBL. TEXT, the
 * repository it is kept in (REPO with its call number) and its NOTEs become notes on the
 * source, so nothing the record says is dropped for want of a column.
 */
export function mapSourceRecord(context: MappingContext, record: GedcomNode): void {
  if (!record.xref) return context.lose('SOUR', record, 'source record without a cross-reference id: nothing can cite it');
  const title = text(child(record, 'TITL')) ?? text(child(record, 'ABBR')) ?? `Source ${record.xref}`;
  const source = context.services.sourcesService.create(context.actor, {
    title: clip(title, 500),
    ...(text(child(record, 'AUTH')) ? { author: clip(text(child(record, 'AUTH'))!, 500) } : {}),
    ...(text(child(record, 'PUBL')) ? { publisher: clip(text(child(record, 'PUBL'))!, 500) } : {}),
  });
  context.sources.set(record.xref, context.created('source', source.id));
  const notes: string[] = [];
  const sourceText = child(record, 'TEXT')?.value;
  if (sourceText?.trim()) notes.push(`Text of the source: ${sourceText}`);
  for (const repository of record.children.filter((each) => each.tag === 'REPO')) notes.push(repositoryNote(context, repository));
  for (const note of notes) context.created('note', context.services.notesService.create(context.actor, { target: source.id, text: note }).id);
  mapNotes(context, record, source.id, 'SOUR');
  for (const part of record.children) if (!SOURCE_FIELDS.has(part.tag)) context.lose(`SOUR.${part.tag}`, part, 'not kept on the source');
}

/** "Repository: County Record Office, call number D/123" (the repository is also a source of its own when it is a record). */
function repositoryNote(context: MappingContext, repository: GedcomNode): string {
  const name = repository.pointer ? context.repositories.get(repository.pointer) : text(repository);
  const callNumber = text(child(repository, 'CALN'));
  return `Repository: ${name ?? repository.pointer ?? 'unnamed'}${callNumber ? `, call number ${callNumber}` : ''}`;
}

/**
 * A REPO record: remembered by name for the notes of the sources kept there (read before any
 * SOUR, in the first pass). A repository is an archive, not evidence, so it is not a source.
 */
export function readRepositoryRecord(context: MappingContext, record: GedcomNode): void {
  if (record.xref) context.repositories.set(record.xref, text(child(record, 'NAME')) ?? record.xref);
  for (const part of record.children) if (part.tag !== 'NAME') context.lose(`REPO.${part.tag}`, part, 'repository details other than the name are not kept');
}

/** Where a claim's SOURs point: the source and citation it cites, and any further citations (attached as evidence). */
export interface Citing {
  source?: string;
  citation?: string;
  more: string[];
}

/**
 * The SOUR citations under a structure: each becomes (the source and) a citation holding
 * PAGE as its `page` element (and DATA.TEXT as `text`, QUAY as `quality`). One citation per
 * source and page, however often it is cited. A pointer to no SOUR record is reported.
 */
export function citeSources(context: MappingContext, node: GedcomNode, path: string): Citing {
  const cited: { source: string; citation?: string }[] = [];
  for (const sour of node.children.filter((each) => each.tag === 'SOUR')) {
    const source = sour.pointer ? context.sources.get(sour.pointer) : inlineSource(context, sour);
    if (!source) {
      context.lose(`${path}.SOUR`, sour, sour.pointer ? `points to no source record (@${sour.pointer}@)` : 'empty source citation');
      continue;
    }
    cited.push({ source, citation: citationOf(context, source, sour, path) });
  }
  const [first, ...rest] = cited;
  if (!first) return { more: [] };
  // Evidence of kind citation needs a citation: a further source cited without a page gets one of its own.
  // The same place cited twice under one structure is one piece of evidence.
  const more = [...new Set(rest.map((each) => each.citation ?? citationFor(context, each.source, {})))].filter((citation) => citation !== first.citation);
  return { source: first.source, citation: first.citation, more };
}

function citationOf(context: MappingContext, source: string, sour: GedcomNode, path: string): string | undefined {
  const elements: Record<string, string> = {};
  for (const part of sour.children) {
    if (part.tag === 'PAGE' && text(part)) elements.page = clip(text(part)!, 2000);
    else if (part.tag === 'QUAY' && text(part)) elements.quality = text(part)!;
    else if (part.tag === 'DATA') {
      const dataText = text(child(part, 'TEXT'));
      if (dataText) elements.text = clip(dataText, 2000);
      for (const data of part.children) if (data.tag !== 'TEXT') context.lose(`${path}.SOUR.DATA.${data.tag}`, data, 'not kept on the citation');
    } else context.lose(`${path}.SOUR.${part.tag}`, part, 'not kept on the citation');
  }
  return Object.keys(elements).length ? citationFor(context, source, elements) : undefined;
}

function citationFor(context: MappingContext, source: string, elements: Record<string, string>): string {
  const key = `${source}\u0000${JSON.stringify(elements)}`;
  let citation = context.citations.get(key);
  if (!citation) {
    citation = context.created('citation', context.services.citationsService.create(context.actor, { source, elements }).id);
    context.citations.set(key, citation);
  }
  return citation;
}

/** GEDCOM 5.5 `SOUR <text>` with no record: a source titled by its text, one per distinct text. */
function inlineSource(context: MappingContext, sour: GedcomNode): string | undefined {
  const title = text(sour);
  if (!title) return undefined;
  let source = context.inlineSources.get(title);
  if (!source) {
    source = context.created('source', context.services.sourcesService.create(context.actor, { title: clip(title, 500) }).id);
    context.inlineSources.set(title, source);
  }
  return source;
}
