/**
 * The FORM line of a media file. 7.0 wants a media type (`image/jpeg`); 5.5.1 wants a
 * format word from its short list (`bmp gif jpg ole pcx tif wav`; 5.5 said `jpeg`, `tiff`).
 * A media object keeps FORM as its file wrote it, so a tree holds both spellings (`jpg` from
 * a 5.5.1 import, `image/jpeg` from a 7.0 one): each is turned into the other's words.
 */
import type { WriteVersion } from './version.js';

/** Same shape the validator checks a 7.0 FORM against. */
const MEDIA_TYPE = /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+(?:\s*;.*)?$/;

/** Format words and file extensions seen in GEDCOM files, and the media type each means. */
const TYPE_OF_WORD: ReadonlyMap<string, string> = new Map([
  ['jpg', 'image/jpeg'], ['jpeg', 'image/jpeg'], ['gif', 'image/gif'], ['bmp', 'image/bmp'], ['png', 'image/png'],
  ['tif', 'image/tiff'], ['tiff', 'image/tiff'], ['webp', 'image/webp'], ['heic', 'image/heic'], ['pcx', 'image/vnd.zbrush.pcx'],
  ['pdf', 'application/pdf'], ['txt', 'text/plain'], ['htm', 'text/html'], ['html', 'text/html'], ['vtt', 'text/vtt'],
  ['wav', 'audio/wav'], ['mp3', 'audio/mpeg'], ['oga', 'audio/ogg'], ['ogg', 'audio/ogg'], ['m4a', 'audio/mp4'],
  ['mp4', 'video/mp4'], ['avi', 'video/x-msvideo'], ['mov', 'video/quicktime'], ['mpg', 'video/mpeg'], ['mpeg', 'video/mpeg'],
]);

/** The 5.5.1 word of a media type, where 5.5.1's list has one. */
const WORD_551_OF_TYPE: ReadonlyMap<string, string> = new Map([
  ['image/jpeg', 'jpg'], ['image/gif', 'gif'], ['image/bmp', 'bmp'], ['image/tiff', 'tif'], ['image/vnd.zbrush.pcx', 'pcx'],
  ['image/x-pcx', 'pcx'], ['audio/wav', 'wav'], ['audio/x-wav', 'wav'], ['audio/wave', 'wav'],
]);

const LIST_551 = new Set(['bmp', 'gif', 'jpg', 'ole', 'pcx', 'tif', 'wav']);

/** What the FORM line says, and what went to the loss report when the words had to be guessed. */
export interface Form {
  value?: string;
  loss?: string;
}

const extensionOf = (fileName: string) => /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1].toLowerCase();

/**
 * The media type of a media object: its own FORM when it is one, else the one its word or
 * its file's extension means, else what the blob store sniffed from the bytes.
 */
function mediaTypeOf(stored: string | undefined, fileName: string, sniffed: string | undefined): string | undefined {
  const own = stored?.trim();
  if (own && MEDIA_TYPE.test(own)) return own.toLowerCase();
  const word = own?.toLowerCase().replace(/^\./, '');
  return (word && TYPE_OF_WORD.get(word)) ?? TYPE_OF_WORD.get(extensionOf(fileName) ?? '') ?? (sniffed && sniffed !== 'application/octet-stream' ? sniffed : undefined);
}

export function formOf(stored: string | undefined, fileName: string, sniffed: string | undefined, version: WriteVersion): Form {
  const type = mediaTypeOf(stored, fileName, sniffed);
  if (version === '7.0') {
    // FORM is required under FILE: a file of unknown kind is "some bytes".
    return type ? { value: type } : { value: 'application/octet-stream', loss: 'format unknown: written application/octet-stream' };
  }
  const own = stored?.trim().toLowerCase();
  const listed = (own === 'jpeg' ? 'jpg' : own === 'tiff' ? 'tif' : own) ?? '';
  if (LIST_551.has(listed)) return { value: listed };
  const word = (type && WORD_551_OF_TYPE.get(type.replace(/\s*;.*$/, ''))) ?? undefined;
  if (word) return { value: word };
  // Outside the list, what 5.5.1 exporters write in practice: the file's extension (png, pdf, mp3).
  const guessed = extensionOf(fileName) ?? type?.replace(/^.*\/(x-)?/, '').replace(/[;+].*$/, '');
  if (guessed) return { value: guessed, loss: 'format outside 5.5.1\'s list (bmp gif jpg ole pcx tif wav): written as its file extension or subtype' };
  return { loss: 'format unknown: no FORM written' };
}
