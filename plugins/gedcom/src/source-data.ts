/**
 * What a source record says of the records it holds (its DATA): the kinds of events recorded,
 * with the period and the place each covers (`EVEN BIRT, CHR` + `DATE FROM 1820 TO 1870` +
 * `PLAC Tábor`), the agency responsible for the records (AGNC) and notes about them. No field of
 * a source holds them: the import keeps them as notes on the source in these words, one note
 * per EVEN (its period and place on lines of their own), and the export writes such notes back
 * as the source's DATA.
 */
export const SOURCE_DATA_LABELS = {
  EVEN: 'Events recorded',
  'EVEN.DATE': 'Period',
  'EVEN.PLAC': 'Place',
  AGNC: 'Agency responsible for the records',
  NOTE: 'Note on the records',
} as const;

export type SourceDataLine = keyof typeof SOURCE_DATA_LABELS;

/** One EVEN of a source's DATA: the events, and the period and place they cover. */
export interface RecordedEvents {
  events: string;
  period?: string;
  place?: string;
}

const label = (line: SourceDataLine) => `${SOURCE_DATA_LABELS[line]}: `;

/** The note keeping one EVEN: `Events recorded: BIRT, CHR`, then `Period: ...` and `Place: ...` on lines of their own. */
export function recordedEventsText({ events, period, place }: RecordedEvents): string {
  return [`${label('EVEN')}${events}`, ...(period ? [`${label('EVEN.DATE')}${period}`] : []), ...(place ? [`${label('EVEN.PLAC')}${place}`] : [])].join('\n');
}

/** The EVEN a note keeps, or undefined for a note of another shape (or one edited out of it). */
export function readRecordedEvents(text: string): RecordedEvents | undefined {
  const [first, ...rest] = text.split('\n');
  if (!first.startsWith(label('EVEN'))) return undefined;
  const read: RecordedEvents = { events: first.slice(label('EVEN').length).trim() };
  for (const line of rest) {
    if (line.startsWith(label('EVEN.DATE')) && read.period === undefined) read.period = line.slice(label('EVEN.DATE').length).trim();
    else if (line.startsWith(label('EVEN.PLAC')) && read.place === undefined) read.place = line.slice(label('EVEN.PLAC').length).trim();
    else return undefined;
  }
  return read.events ? read : undefined;
}

/** The note keeping the agency or a note about the records (`Agency responsible for the records: ...`). */
export function sourceDataText(line: 'AGNC' | 'NOTE', value: string): string {
  return `${label(line)}${value}`;
}

/** The agency or the note about the records a note keeps, or undefined for a note of another kind. */
export function readSourceData(text: string): { line: 'AGNC' | 'NOTE'; value: string } | undefined {
  for (const line of ['AGNC', 'NOTE'] as const) {
    if (text.startsWith(label(line))) {
      const value = text.slice(label(line).length).trim();
      return value ? { line, value } : undefined;
    }
  }
  return undefined;
}
