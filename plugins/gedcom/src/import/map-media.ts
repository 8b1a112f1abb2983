import { filePathOf, type GedcomNode } from '@rootline/gedcom';
import type { MappingContext } from './context.js';
import { asWritten } from './long-text.js';
import { noteTexts, writeNote, type KeptNote } from './map-note.js';
import { keepIdentifier } from './identifiers.js';

const text = (node: GedcomNode | undefined) => node?.value?.trim() || undefined;

/**
 * Family Tree Maker's lines under FILE that no field of a media object holds: its date (`_DATE
 * 5/20/2017 1:51:01 PM`) and its description (`_TEXT Year: 1880; Census Place: ...`), kept as
 * notes on the media object in these words.
 */
const FILE_NOTES: Readonly<Record<string, string>> = { _DATE: 'Date', _TEXT: 'Description' };

/**
 * An OBJE record, or an inline OBJE (5.5): one media object per FILE, unresolved (the file
 * path as the file wrote it, a 7.0 URL's escapes decoded; the bytes arrive later through `POST {P}/media/{id}/resolve`),
 * or resolved at once when the file came in the same GEDZIP (`archive` gives its blob). Its
 * NOTEs and identifiers (REFN, RIN, UID, EXID: `identifiers.ts`) are notes on each of its media objects, and a FILE's `_DATE` and `_TEXT` (FILE_NOTES)
 * notes on that file's.
 */
function mapMediaObject(context: MappingContext, node: GedcomNode, path: string): string[] {
  const created: string[] = [];
  const title = text(node.children.find((part) => part.tag === 'TITL'));
  // The identifiers of an object with no file have nowhere to be kept (reported as not kept, never as kept).
  const identifiers: KeptNote[] = [];
  const hasFile = node.children.some((part) => part.tag === 'FILE' && text(part));
  for (const part of node.children) {
    if (part.tag === 'FILE') {
      const line = text(part);
      // A 7.0 FILE is a URL: `media/My%20photo.jpg` names the file `media/My photo.jpg` (and the zip entry of that name).
      const written = line && context.fileLinesAreUrls ? filePathOf(line) : line;
      if (!written) {
        context.lose(`${path}.FILE`, part, 'media file without a path');
        continue;
      }
      const form = part.children.find((each) => each.tag === 'FORM');
      const fileTitle = text(part.children.find((each) => each.tag === 'TITL')) ?? title;
      const blob = context.archive(written);
      const media = context.services.mediaService.create({
        ...(fileTitle ? { title: fileTitle } : {}),
        file_path_as_written: written,
        ...(text(form) ? { media_type: text(form) } : {}),
        ...(blob ? { blob } : {}),
      });
      created.push(context.created('media', media.id));
      for (const sub of part.children) {
        if (sub.tag === 'FORM' || sub.tag === 'TITL') continue;
        const said = Object.hasOwn(FILE_NOTES, sub.tag) ? asWritten(sub) : undefined;
        if (said) {
          writeNote(context, media.id, `${FILE_NOTES[sub.tag]}: ${said}`, `${path}.FILE.${sub.tag}`, sub);
          context.keptAs(`${path}.FILE.${sub.tag}`, sub, `kept as a note on the media object ("${FILE_NOTES[sub.tag]}: ..."); exports write it as a NOTE of the OBJE`);
        } else context.lose(`${path}.FILE.${sub.tag}`, sub, 'not kept on the media object');
      }
    } else if (part.tag !== 'TITL' && part.tag !== 'FORM' && part.tag !== 'NOTE' && part.tag !== 'SNOTE' && !(hasFile && keepIdentifier(context, part, path, 'media object', (note) => identifiers.push(note)))) {
      context.lose(`${path}.${part.tag}`, part, 'not kept on the media object');
    }
  }
  for (const note of identifiers) for (const media of created) writeNote(context, media, note.text, note.path, note.node);
  for (const { text: said, note } of noteTexts(context, node, path)) {
    if (created.length === 0 && said?.trim()) context.lose(`${path}.${note.tag}`, note, 'media object without a file: its note is not kept');
    for (const media of created) writeNote(context, media, said, `${path}.${note.tag}`, note);
  }
  return created;
}

/** An OBJE record: its media objects, found again by xref from the structures that link to it. */
export function mapMediaRecord(context: MappingContext, record: GedcomNode): void {
  const created = mapMediaObject(context, record, 'OBJE');
  if (record.xref && created.length > 0) context.media.set(record.xref, created);
}

/**
 * Where the media objects of an OBJE link are kept: the persona they depict (INDI.OBJE: an export
 * withholds them with a living person), or the entity they are attached to (the citation a SOUR
 * became, a source, a claim, an event, a family's spouse edge). `none` says why a structure has
 * nowhere to keep them (the link is reported, the media objects are still imported).
 */
export type MediaHolder = { depicts: string } | { attachedTo: string } | { none: string };

/**
 * The media objects one OBJE link names: an inline object made now, or those made of the OBJE
 * record it points at; a pointer to no record is reported (undefined).
 */
export function linkedMedia(context: MappingContext, obje: GedcomNode, path: string): string[] | undefined {
  const media = obje.pointer ? context.media.get(obje.pointer) : mapMediaObject(context, obje, `${path}.OBJE`);
  if (media === undefined) context.lose(`${path}.OBJE`, obje, `points to no media record (@${obje.pointer}@)`);
  return media;
}

/** Keeps one OBJE link's media objects where `holder` says (the link reported when it has nowhere). */
export function keepMediaLink(context: MappingContext, media: readonly string[], holder: MediaHolder, obje: GedcomNode, path: string): void {
  const { mediaService } = context.services;
  if ('depicts' in holder) for (const id of media) mediaService.depicts(id, holder.depicts);
  else if ('attachedTo' in holder) for (const id of media) mediaService.attach(id, holder.attachedTo);
  else context.lose(`${path}.OBJE`, obje, `${holder.none}: link to its media object not kept (the media object is imported)`);
}

/**
 * The OBJE links under a record or a fact (an inline object made here, a link to an OBJE record
 * found), each kept where `holder` says: depicting an INDI's persona, attached to what the
 * structure became.
 */
export function mapMediaLinks(context: MappingContext, node: GedcomNode, path: string, holder: MediaHolder): void {
  for (const obje of node.children) {
    if (obje.tag !== 'OBJE') continue;
    const media = linkedMedia(context, obje, path);
    if (media !== undefined) keepMediaLink(context, media, holder, obje, path);
  }
}
