/**
 * The tree's media objects as OBJE records (`0 @M1@ OBJE`, `1 FILE`, `2 FORM`, `2 TITL`: the
 * same shape in 7.0 and 5.5.1, only FORM's words differ). FILE names the file and never a
 * folder of the user's machine (Rootline keeps none): in a GEDZIP, the path of the bytes
 * inside the archive (`media/x.jpg`); in a .ged, or when the tree has no bytes for it, the
 * bare file name. The notes about a media object (an inline OBJE's NOTE, FTM's `_DATE` and
 * `_TEXT` as the import keeps them) are its NOTEs, but those keeping its identifiers (REFN,
 * RIN, UID, EXID: `identifiers.ts`), written back as their lines. An INDI points at the media objects
 * depicting its person; one depicting a withheld person is not written (depictions.ts).
 */
import { fileUrlOf, type GedcomNode } from '@rootline/gedcom';
import type { MediaDto } from '@rootline/contracts/media';
import type { NoteDto } from '@rootline/contracts/notes';
import { node, record, type ExportContext } from './context.js';
import { groupBy, noteStructures } from './details.js';
import { formOf } from './media-format.js';
import type { Pacing } from './records.js';
import { withheldMedia } from './depictions.js';
import { takeIdentifiers } from './identifiers.js';

/** Media objects written between two checkpoints (the media plugin reads 500 rows at a time). */
const BATCH = 500;

export async function* mediaRecords(context: ExportContext, pacing: Pick<Pacing, 'pause'>): AsyncGenerator<GedcomNode> {
  let batch: MediaDto[] = [];
  const written = function* () {
    const withheld = withheldMedia(context, batch.map((media) => media.id));
    const notes = groupBy(context.services.notesService.forTargets(context.sparse.withNotes(batch.map((media) => media.id))), (note) => note.target);
    for (const media of batch) {
      if (withheld.has(media.id)) context.lose('OBJE', 'media object depicting a withheld person withheld');
      const record = withheld.has(media.id) ? undefined : mediaRecord(context, media, notes.get(media.id));
      if (record) yield record;
    }
    batch = [];
  };
  for (const media of context.services.mediaService.forExport()) {
    batch.push(media);
    if (batch.length < BATCH) continue;
    yield* written();
    await pacing.pause();
  }
  yield* written();
}

function mediaRecord(context: ExportContext, media: MediaDto, notes: readonly NoteDto[] | undefined): GedcomNode | undefined {
  const redacted = context.redacted(media.id);
  if (redacted?.whole || redacted?.fields.has('file_name')) {
    // FILE is required: a media object whose name may not be shown is not written at all.
    context.lose('OBJE', 'redacted media object withheld');
    return undefined;
  }
  const stored = media.blob === undefined ? undefined : context.blobs.stat(media.blob);
  const form = formOf(media.media_type, media.file_name, stored?.media_type, context.version);
  if (form.loss) context.lose('OBJE.FILE.FORM', form.loss);
  const path = filePath(context, media, stored !== undefined);
  // 7.0 writes FILE as a URL (escapes where a URL cannot hold the character); 5.5.1 as the path itself.
  const file = node('FILE', context.version === '7.0' ? fileUrlOf(path) : path, [
    ...(form.value ? [node('FORM', form.value)] : []),
    ...(media.title && !redacted?.fields.has('title') ? [node('TITL', media.title)] : []),
  ]);
  if (redacted?.fields.has('title') && media.title) context.lose('OBJE.FILE.TITL', 'redacted value not written');
  context.count('media');
  const identified = takeIdentifiers(context, notes, 'OBJE');
  return record('OBJE', context.mediaXref(media.id), [file, ...identified.lines, ...noteStructures(context, identified.notes, 'OBJE')]);
}

/** The FILE payload, and the loss report's word when the bytes do not travel with it. */
function filePath(context: ExportContext, media: MediaDto, stored: boolean): string {
  if (media.status !== 'resolved' || media.blob === undefined) {
    context.lose('OBJE.FILE', 'bytes not in the tree: the file name alone is written');
    return media.file_name;
  }
  if (!stored) {
    context.lose('OBJE.FILE', 'bytes missing from the tree\'s blob store: the file name alone is written');
    return media.file_name;
  }
  if (!context.archive) {
    context.lose('OBJE.FILE', 'bytes not written: a .ged file holds none (export with gedzip: true to include them)');
    return media.file_name;
  }
  return context.archive.place(media.file_name, media.blob);
}
