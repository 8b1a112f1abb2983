/**
 * What the human reads before telemetry starts. A change of what is collected or where it goes
 * is a new version: an acknowledgement of an earlier one no longer counts (telemetry is off
 * until the new text is acknowledged).
 */
export const DISCLOSURE = {
  version: 1,
  text: [
    'Rootline can keep a count of how it is used, to help its makers see what works and what fails.',
    'What is kept: events from a fixed list (the app started, an import or export finished, a view was opened, an error was shown, ...) with numbers and choices from fixed lists only (how long it took, how many, succeeded or failed).',
    'What is never kept: names, places, dates, notes, sources, file names, identifiers, or anything you typed. Events that carry any text of yours are refused.',
    'Nothing is kept until you acknowledge this text. Events then stay on this computer (at most the most recent 10,000) until you also turn export on; only then are they sent, in batches, to the address this installation was configured with, and deleted here once received.',
    'You can turn export off at any time; withdrawing your acknowledgement also deletes the events waiting here.',
  ].join('\n\n'),
} as const;
