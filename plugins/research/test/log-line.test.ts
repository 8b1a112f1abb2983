import t from 'tap';
import { entryLine } from '../src/entry-store.js';
import type { EntryDto } from '../src/schemas/log.js';

/** One line per entry (`GET /research/log?question=` as text): a consumer reading line by line must get one entry a line. */
const entry = (text: string, details: string[] = [], kind: EntryDto['kind'] = 'entry') =>
  ({ created_at_ms: Date.UTC(1911, 3, 2), kind, text, details: details.map((detail) => ({ text: detail })) }) as unknown as EntryDto;

t.test('every kind of line break is folded to a space, in the text and in its details', async (t) => {
  t.equal(entryLine(entry('a\u2028b\u2029c\u0085d\re\r\nf\ng')), '1911-04-02 — a b c d e f g');
  t.equal(entryLine(entry(' Searched the 1911 census \n\n  of Ledbury ', ['folio \u2028 12'], 'negative')), '1911-04-02 — Searched, found nothing: Searched the 1911 census of Ledbury — folio 12');
  t.equal(entryLine(entry('a\tb  c')), '1911-04-02 — a\tb  c', 'spaces and tabs inside a line are the writer\'s');
});
