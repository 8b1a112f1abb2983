import type { GedcomNode } from '@rootline/gedcom';
import type { MappingContext } from './context.js';
import { mapNotes, noteTexts, writeNote, type KeptNote } from './map-note.js';
import { keepIdentifier } from './identifiers.js';
import { sourceDataNotes } from './source-data.js';
import { CITATION_DETAILS, citationDetailNotes } from '../citation-details.js';
import { contactLines } from './address.js';
import { keepMediaLink, linkedMedia, mapMediaLinks } from './map-media.js';
import { asWritten, child, fieldOf, fieldValue, fieldValues, keepWholeTexts, type FieldText } from './long-text.js';

/** The longest title, author and publisher a source takes (the sources plugin's limits), and a citation element. */
const TITLE = 1000;
const AUTHOR = 500;
const ELEMENT = 2000;

/** SOUR substructures the source row holds; NOTE, TEXT, REPO, DATA (and ABBR beside a TITL) become notes on it, OBJE its media objects. */
const SOURCE_FIELDS = new Set(['TITL', 'ABBR', 'NAME', 'AUTH', 'PUBL', 'TEXT', 'REPO', 'NOTE', 'SNOTE', 'OBJE', 'DATA']);

/**
 * A SOUR record -> a source: TITL (else ABBR, else NAME as IBM Easytree writes it, else the xref) as title, AUTH, PUBL, each as
 * written (line breaks kept). TEXT, ABBR beside a TITL, the repository it is kept in (REPO
 * with its call numbers, their media and the repository's notes), what it records (DATA:
 * `source-data.ts`) and its NOTEs become notes
 * on the source, so nothing the record says is dropped for want of a column; a field longer
 * than the source holds keeps its whole text in a note too. Its OBJEs (the source's title page,
 * a scan of the register) are media objects attached to the source (the OBJE records are mapped
 * before the SOUR records: `map-file.ts`).
 */
export function mapSourceRecord(context: MappingContext, record: GedcomNode): void {
  if (!record.xref) return context.lose('SOUR', record, 'source record without a cross-reference id: nothing can cite it');
  const titled = fieldOf(child(record, 'TITL'), TITLE, 'Title', 'SOUR.TITL');
  const short = fieldOf(child(record, 'ABBR'), TITLE, 'Title', 'SOUR.ABBR');
  // IBM Easytree writes a source's title as NAME (no TITL): its only title.
  const nameLine = child(record, 'NAME');
  const named = (titled ?? short) ? undefined : fieldOf(nameLine, TITLE, 'Title', 'SOUR.NAME');
  const title = titled ?? short ?? named ?? { value: `Source ${record.xref}`, max: TITLE, label: 'Title', path: 'SOUR' };
  if (named) context.keptAs('SOUR.NAME', nameLine, "kept as the source's title (IBM Easytree writes the title as NAME); exports write TITL");
  const author = fieldOf(child(record, 'AUTH'), AUTHOR, 'Author', 'SOUR.AUTH');
  const publisher = fieldOf(child(record, 'PUBL'), AUTHOR, 'Publisher', 'SOUR.PUBL');
  const source = context.services.sourcesService.create(context.actor, {
    title: fieldValue(title),
    ...(author ? { author: fieldValue(author) } : {}),
    ...(publisher ? { publisher: fieldValue(publisher) } : {}),
  });
  context.sources.set(record.xref, context.created('source', source.id));
  keepWholeTexts(context, source.id, [title, author, publisher], 'source');
  const notes: string[] = [];
  const sourceText = child(record, 'TEXT')?.value;
  if (sourceText?.trim()) notes.push(`Text of the source: ${sourceText}`);
  const abbreviation = asWritten(child(record, 'ABBR'));
  if (titled && abbreviation) notes.push(`Short title: ${abbreviation}`);
  const otherName = named ? undefined : asWritten(nameLine);
  if (otherName) {
    notes.push(`Name: ${otherName}`);
    context.keptAs('SOUR.NAME', nameLine, 'kept as a note on the source ("Name: ..."): it has a title');
  }
  for (const repository of record.children.filter((each) => each.tag === 'REPO')) notes.push(repositoryNote(context, repository));
  for (const data of record.children.filter((each) => each.tag === 'DATA')) notes.push(...sourceDataNotes(context, data));
  for (const note of notes) context.created('note', context.services.notesService.create(context.actor, { target: source.id, text: note }).id);
  mapNotes(context, record, source.id, 'SOUR');
  mapMediaLinks(context, record, 'SOUR', { attachedTo: source.id });
  for (const part of record.children) {
    if (SOURCE_FIELDS.has(part.tag) || keepIdentifier(context, part, 'SOUR', 'source', (note) => writeNote(context, source.id, note.text, note.path, note.node))) continue;
    context.lose(`SOUR.${part.tag}`, part, 'not kept on the source');
  }
}

/**
 * "Repository: County Record Office, call number D/123 (medium: film)", then what the REPO
 * record says of the repository (its address, phone...: `readRepositoryRecord`) and the
 * repository's notes on lines of their own. What else the REPO line holds is reported.
 */
function repositoryNote(context: MappingContext, repository: GedcomNode): string {
  const name = repository.pointer ? context.repositories.get(repository.pointer) : asWritten(repository);
  if (repository.pointer) context.repositoriesUsed.add(repository.pointer);
  const details = repository.pointer ? context.repositoryDetails.get(repository.pointer) : undefined;
  const callNumbers: string[] = [];
  for (const part of repository.children) {
    if (part.tag === 'CALN') callNumbers.push(callNumber(context, part));
    else if (part.tag !== 'NOTE' && part.tag !== 'SNOTE') context.lose(`SOUR.REPO.${part.tag}`, part, 'not kept with the repository');
  }
  const notes = noteTexts(context, repository, 'SOUR.REPO').flatMap(({ text }) => (text?.trim() ? [`Note on the repository: ${text}`] : []));
  return [`Repository: ${name ?? repository.pointer ?? 'unnamed'}${callNumbers.map((each) => `, ${each}`).join('')}`, ...(details ? [details] : []), ...notes].join('\n');
}

/** "call number D/123 (medium: film)": the medium's PHRASE (7.0) says it in words when it has one. */
function callNumber(context: MappingContext, caln: GedcomNode): string {
  const media: string[] = [];
  for (const part of caln.children) {
    if (part.tag === 'MEDI') {
      const medium = asWritten(child(part, 'PHRASE')) ?? asWritten(part);
      if (medium) media.push(medium);
    } else context.lose(`SOUR.REPO.CALN.${part.tag}`, part, 'not kept with the call number');
  }
  return `call number ${asWritten(caln) ?? 'not given'}${media.length ? ` (medium: ${media.join(', ')})` : ''}`;
}

/**
 * A REPO record: remembered by name, with its address, phone, email, fax, website and notes, for
 * the notes of the sources kept there (read before any SOUR, in the first pass). A repository is
 * an archive, not evidence, so it is not a source. One no source points at is kept as a note
 * about the run (`keepUnusedRepositories`).
 */
export function readRepositoryRecord(context: MappingContext, record: GedcomNode): void {
  if (!record.xref) return context.lose('REPO', record, 'repository record without a cross-reference id: no source can point at it');
  const details = contactLines(context, record, 'the note on each source kept there', 'Note on the repository', 'repository details other than the name, address, phone, email, fax, website and notes are not kept');
  context.repositories.set(record.xref, asWritten(child(record, 'NAME')) ?? record.xref);
  if (details.length) context.repositoryDetails.set(record.xref, details.join('\n'));
}

/** Repositories no source record pointed at: each kept as a note about the run, "Repository: <name>" and what its record says, so undo takes it away too. */
export function keepUnusedRepositories(context: MappingContext): void {
  for (const [xref, name] of context.repositories) {
    if (context.repositoriesUsed.has(xref)) continue;
    const details = context.repositoryDetails.get(xref);
    writeNote(context, context.importKey, [`Repository: ${name}`, ...(details ? [details] : [])].join('\n'), 'REPO', undefined);
  }
}

const NONE: ReadonlySet<string> = new Set();

/** Where a claim's SOURs point: the source and citation it cites, and any further citations (attached as evidence). */
export interface Citing {
  source?: string;
  citation?: string;
  more: string[];
}

/**
 * The SOUR citations under a structure: each becomes (the source and) a citation holding
 * PAGE as its `page` element (and DATA.TEXT as `text`, QUAY as `quality`, FTM's `_LINK` as `url`), as written,
 * with its OBJEs (the scan of the record page) as media objects attached to it. One
 * citation per source and page, however often it is cited. A pointer to no SOUR record is reported.
 * `handled`: tags under a SOUR the caller maps itself (not reported here).
 */
export function citeSources(context: MappingContext, node: GedcomNode, path: string, handled: ReadonlySet<string> = NONE): Citing {
  const cited: { source: string; citation?: string }[] = [];
  for (const sour of node.children.filter((each) => each.tag === 'SOUR')) {
    const source = sour.pointer ? context.sources.get(sour.pointer) : inlineSource(context, sour, path);
    if (!source) {
      context.lose(`${path}.SOUR`, sour, sour.pointer ? `points to no source record (@${sour.pointer}@)` : 'empty source citation');
      continue;
    }
    cited.push({ source, citation: citationOf(context, source, sour, path, handled) });
  }
  const [first, ...rest] = cited;
  if (!first) return { more: [] };
  // Evidence of kind citation needs a citation: a further source cited without a page gets one of its own.
  // The same place cited twice under one structure is one piece of evidence.
  const more = [...new Set(rest.map((each) => each.citation ?? citationFor(context, each.source, {})))].filter((citation) => citation !== first.citation);
  return { source: first.source, citation: first.citation, more };
}

/**
 * PAGE, DATA.TEXT (each TEXT, one line apart), QUAY and `_LINK` of a SOUR citation: the elements of its
 * citation. An inline 5.5.1 citation (`SOUR <description>`, no record) has its TEXT directly
 * under it: the text from the source too. Its OBJEs are attached to the citation: a SOUR with
 * an OBJE and no element still makes one (the citation of the source as a whole), so the image
 * has a place to be kept. Its NOTEs, the date of the entry (DATA.DATE) and FTM's footnotes
 * (`_FOOT`, `_ABBR`: `../citation-details.ts`) become notes on the citation, which a SOUR with
 * nothing else still makes for them.
 */
function citationOf(context: MappingContext, source: string, sour: GedcomNode, path: string, handled: ReadonlySet<string>): string | undefined {
  const elements: Record<string, FieldText> = {};
  const inlineTexts = sour.pointer ? [] : sour.children.filter((part) => part.tag === 'TEXT' && asWritten(part));
  const objects: { obje: GedcomNode; media: string[] }[] = [];
  const notes = handled.has('NOTE') ? [] : noteTexts(context, sour, `${path}.SOUR`).flatMap(({ text, note }): KeptNote[] => (text?.trim() ? [{ text, path: `${path}.SOUR.${note.tag}`, node: note }] : []));
  const detail = (part: GedcomNode, tag: string) => {
    const text = asWritten(part);
    if (text === undefined) return context.lose(`${path}.SOUR.${tag}`, part, 'blank: nothing to keep');
    const exported = tag === 'DATA.DATE' ? 'exports write it back as DATA.DATE' : 'exports write the note';
    context.keptAs(`${path}.SOUR.${tag}`, part, `kept as a note on the citation ("${CITATION_DETAILS[tag]}: ..."); ${exported}`);
    notes.push({ text: citationDetailNotes.text(tag, text), path: `${path}.SOUR.${tag}`, node: part });
    for (const sub of part.children) context.lose(`${path}.SOUR.${tag}.${sub.tag}`, sub, 'not kept on the citation');
  };
  for (const part of sour.children) {
    if (handled.has(part.tag) || inlineTexts.includes(part) || part.tag === 'NOTE' || part.tag === 'SNOTE') continue;
    if (part.tag === 'OBJE') {
      const media = linkedMedia(context, part, `${path}.SOUR`);
      if (media) objects.push({ obje: part, media });
      continue;
    }
    if (part.tag === 'PAGE' && asWritten(part)) elements.page = fieldOf(part, ELEMENT, 'Page', `${path}.SOUR.PAGE`)!;
    else if (part.tag === 'QUAY' && asWritten(part)) elements.quality = fieldOf(part, ELEMENT, 'Quality', `${path}.SOUR.QUAY`)!;
    // FTM's link to the record online (Ancestry): the citation's web address, as citation templates name it.
    else if (part.tag === '_LINK' && asWritten(part)) elements.url = fieldOf(part, ELEMENT, 'Web address', `${path}.SOUR._LINK`)!;
    else if (Object.hasOwn(CITATION_DETAILS, part.tag)) detail(part, part.tag);
    else if (part.tag === 'DATA') {
      const texts = part.children.flatMap((data) => (data.tag === 'TEXT' && asWritten(data) ? [asWritten(data)!] : []));
      if (texts.length) elements.text = { value: texts.join('\n'), max: ELEMENT, label: 'Text from the source', path: `${path}.SOUR.DATA.TEXT`, node: child(part, 'TEXT') };
      for (const data of part.children) {
        if (data.tag === 'DATE') detail(data, 'DATA.DATE');
        else if (data.tag !== 'TEXT') context.lose(`${path}.SOUR.DATA.${data.tag}`, data, 'not kept on the citation');
      }
    } else context.lose(`${path}.SOUR.${part.tag}`, part, 'not kept on the citation');
  }
  if (inlineTexts.length) {
    const value = [...(elements.text ? [elements.text.value] : []), ...inlineTexts.map((text) => asWritten(text)!)].join('\n');
    elements.text = { value, max: ELEMENT, label: 'Text from the source', path: `${path}.SOUR.TEXT`, node: inlineTexts[0] };
  }
  if (Object.keys(elements).length === 0 && objects.length === 0 && notes.length === 0) return undefined;
  const citation = citationFor(context, source, elements, { media: objects.flatMap(({ media }) => media), notes });
  for (const { obje, media } of objects) keepMediaLink(context, media, { attachedTo: citation }, obje, `${path}.SOUR`);
  return citation;
}

/**
 * The citation of a source with these elements, images (`media`: the media objects its OBJEs
 * name) and notes: made once (elements longer than a citation holds keep their whole text in a
 * note on it). The images and notes are part of what a citation is: Family Tree Maker writes one
 * citation the same way wherever it is used, scan and footnote included, so the same page with
 * another scan or note (or none) is another citation, and an export writes each back as it was.
 */
function citationFor(context: MappingContext, source: string, elements: Record<string, FieldText>, { media = [], notes = [] }: { media?: readonly string[]; notes?: readonly KeptNote[] } = {}): string {
  const images = media.length ? `\u0000${[...new Set(media)].sort().join(' ')}` : '';
  const key = `${source}\u0000${JSON.stringify(Object.entries(elements).map(([name, field]) => [name, field.value]))}${images}${notes.length ? `\u0000${JSON.stringify(notes.map((note) => note.text))}` : ''}`;
  let citation = context.citations.get(key);
  if (!citation) {
    citation = context.created('citation', context.services.citationsService.create(context.actor, { source, elements: fieldValues(elements) }).id);
    keepWholeTexts(context, citation, Object.values(elements), 'citation');
    for (const note of notes) writeNote(context, citation, note.text, note.path, note.node);
    context.citations.set(key, citation);
  }
  return citation;
}

/** GEDCOM 5.5 `SOUR <text>` with no record: a source titled by its text, one per distinct text. */
function inlineSource(context: MappingContext, sour: GedcomNode, path: string): string | undefined {
  const title = fieldOf(sour, TITLE, 'Title', `${path}.SOUR`);
  if (!title) return undefined;
  let source = context.inlineSources.get(title.value);
  if (!source) {
    source = context.created('source', context.services.sourcesService.create(context.actor, { title: fieldValue(title) }).id);
    keepWholeTexts(context, source, [title], 'source');
    context.inlineSources.set(title.value, source);
  }
  return source;
}
