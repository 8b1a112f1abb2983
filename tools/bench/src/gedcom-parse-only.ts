// One reading pass over a GEDCOM file, in a process of its own so its peak RSS is its own.
// `node --import tsx gedcom-parse-only.ts FILE [reader|readline]`: `reader` is our GEDCOM
// reader (decode, lines, records; INDI counted), `readline` Node's own line splitter alone
// (the floor any line-based reader stands on). Prints {"ms", "count", "max_rss_kb"} as JSON.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { readGedcom } from '@rootline/gedcom';

const [file, mode = 'reader'] = process.argv.slice(2);
if (!file) throw new Error('usage: gedcom-parse-only.ts FILE [reader|readline]');
const started = process.hrtime.bigint();
let count = 0;
if (mode === 'readline') {
  for await (const line of createInterface({ input: createReadStream(file, { highWaterMark: 1 << 20 }), crlfDelay: Infinity })) if (line.length >= 0) count++;
} else {
  for await (const record of readGedcom(createReadStream(file, { highWaterMark: 1 << 20 })).records) if (record.tag === 'INDI') count++;
}
const ms = Number(process.hrtime.bigint() - started) / 1e6;
process.stdout.write(`${JSON.stringify({ ms, count, max_rss_kb: process.resourceUsage().maxRSS })}\n`);
