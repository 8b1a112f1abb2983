/**
 * ANSEL (ANSI Z39.47, the MARC-8 Latin set) as GEDCOM 5.5 / 5.5.1 uses it, with the
 * LDS additions of the GEDCOM table (0xBE, 0xBF, 0xCD, 0xCE, 0xCF). Bytes below 0x80 are
 * ASCII. A combining diacritic (0xE0-0xFE) comes BEFORE its base letter in ANSEL and after
 * it in Unicode, so marks wait for their base, are emitted after it, and the text is
 * NFC-normalised: `E2 65` reads as "é", one code point.
 */

/** Spacing characters 0x80-0xDF (absent: not defined, decoded as U+FFFD). */
const SPACING: Record<number, string> = {
  // MARC-8 controls: non-sort markers carry no text; joiners are kept.
  0x88: '', 0x89: '', 0x8d: '\u200d', 0x8e: '\u200c',
  0xa1: 'Ł', 0xa2: 'Ø', 0xa3: 'Đ', 0xa4: 'Þ', 0xa5: 'Æ', 0xa6: 'Œ', 0xa7: 'ʹ', 0xa8: '·',
  0xa9: '♭', 0xaa: '®', 0xab: '±', 0xac: 'Ơ', 0xad: 'Ư',
  // Alif and ayn: the torture tests and the 5.5.1 table use the half rings.
  0xae: 'ʾ', 0xb0: 'ʿ',
  0xb1: 'ł', 0xb2: 'ø', 0xb3: 'đ', 0xb4: 'þ', 0xb5: 'æ', 0xb6: 'œ', 0xb7: 'ʺ', 0xb8: 'ı',
  0xb9: '£', 0xba: 'ð', 0xbc: 'ơ', 0xbd: 'ư',
  0xbe: '□', 0xbf: '■', // LDS: empty box, black box
  0xc0: '°', 0xc1: 'ℓ', 0xc2: '℗', 0xc3: '©', 0xc4: '♯', 0xc5: '¿', 0xc6: '¡',
  0xc7: 'ß', 0xc8: '€', // MARC 21 additions
  0xcd: 'e', 0xce: 'o', // LDS: midline e, midline o (no Unicode of their own)
  0xcf: 'ß', // LDS: es zet
};

/** Combining diacritics 0xE0-0xFE, as the Unicode mark that follows the base letter. */
const COMBINING: Record<number, string> = {
  0xe0: '\u0309', 0xe1: '\u0300', 0xe2: '\u0301', 0xe3: '\u0302', 0xe4: '\u0303', 0xe5: '\u0304',
  0xe6: '\u0306', 0xe7: '\u0307', 0xe8: '\u0308', 0xe9: '\u030c', 0xea: '\u030a', 0xeb: '\ufe20',
  0xec: '\ufe21', 0xed: '\u0315', 0xee: '\u030b', 0xef: '\u0310', 0xf0: '\u0327', 0xf1: '\u0328',
  0xf2: '\u0323', 0xf3: '\u0324', 0xf4: '\u0325', 0xf5: '\u0333', 0xf6: '\u0332', 0xf7: '\u0326',
  0xf8: '\u031c', 0xf9: '\u032e', 0xfa: '\ufe22', 0xfb: '\ufe23', 0xfe: '\u0313',
};

const LF = 0x0a;
const CR = 0x0d;

/** A streaming ANSEL decoder: marks at the end of one chunk wait for the next chunk's letter. */
export class AnselDecoder {
  /** Combining marks read but not yet placed after a base character. */
  private pending = '';

  decode(bytes: Uint8Array): string {
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let out = '';
    let combined = false;
    let runStart = 0;
    for (let i = 0; i < bytes.length; i++) {
      const byte = bytes[i];
      // ASCII without a waiting mark is copied in runs, not one character at a time.
      if (byte < 0x80 && this.pending === '') continue;
      out += buffer.toString('latin1', runStart, i);
      runStart = i + 1;
      const mark = COMBINING[byte];
      if (mark !== undefined) {
        this.pending += mark;
        continue;
      }
      const base = byte < 0x80 ? String.fromCharCode(byte) : (SPACING[byte] ?? '\ufffd');
      if (this.pending === '') {
        out += base;
      } else if (byte === LF || byte === CR) {
        // A mark with no letter before the line ends stands alone rather than cross lines.
        out += this.pending + base;
        this.pending = '';
      } else {
        out += base + this.pending;
        this.pending = '';
        combined = true;
      }
    }
    out += buffer.toString('latin1', runStart, bytes.length);
    return combined ? out.normalize('NFC') : out;
  }

  /** Marks left at the very end of the file, on their own. */
  end(): string {
    const rest = this.pending;
    this.pending = '';
    return rest;
  }
}
