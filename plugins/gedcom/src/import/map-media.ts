import { filePathOf, type GedcomNode } from '@rootline/gedcom';
import type { MappingContext } from './context.js';

const text = (node: GedcomNode | undefined) => node?.value?.trim() || undefined;

/**
 * An OBJE record, or an inline OBJE (5.5): one media object per FILE, unresolved (the file
 * path as the file wrote it, a 7.0 URL's escapes decoded; the bytes arrive later through `POST {P}/media/{id}/resolve`),
 * or resolved at once when the file came in the same GEDZIP (`archive` gives its blob).
 */
function mapMediaObject(context: MappingContext, node: GedcomNode, path: string): string[] {
  const created: string[] = [];
  const title = text(node.children.find((part) => part.tag === 'TITL'));
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
      for (const sub of part.children) if (sub.tag !== 'FORM' && sub.tag !== 'TITL') context.lose(`${path}.FILE.${sub.tag}`, sub, 'not kept on the media object');
    } else if (part.tag !== 'TITL' && part.tag !== 'FORM') context.lose(`${path}.${part.tag}`, part, 'not kept on the media object');
  }
  return created;
}

/** An OBJE record: its media objects, found again by xref from the structures that link to it. */
export function mapMediaRecord(context: MappingContext, record: GedcomNode): void {
  const created = mapMediaObject(context, record, 'OBJE');
  if (record.xref && created[0]) context.media.set(record.xref, created[0]);
}

/**
 * OBJE under a record or a fact: an inline object is made here; a link to an OBJE record is
 * reported (media objects do not yet name what they depict), as is a link to no record.
 */
export function mapMediaLinks(context: MappingContext, node: GedcomNode, path: string): void {
  for (const obje of node.children) {
    if (obje.tag !== 'OBJE') continue;
    if (!obje.pointer) {
      mapMediaObject(context, obje, `${path}.OBJE`);
      continue;
    }
    if (!context.media.has(obje.pointer)) context.lose(`${path}.OBJE`, obje, `points to no media record (@${obje.pointer}@)`);
    else context.lose(`${path}.OBJE`, obje, 'link from a record to its media object not kept (the media object is imported)');
  }
}
