// A parse-only pass of our own GEDCOM reader over one file, in a process of its own so its
// peak RSS is its own: prints {"ms", "records", "max_rss_kb"} as one JSON line.
import { createReadStream } from 'node:fs';
import { readGedcom } from '@rootline/gedcom';

const file = process.argv[2];
if (!file) throw new Error('usage: gedcom-parse-only.ts FILE');
const started = process.hrtime.bigint();
const reader = readGedcom(createReadStream(file, { highWaterMark: 1 << 20 }));
let records = 0;
for await (const record of reader.records) if (record.tag !== 'HEAD') records++;
const ms = Number(process.hrtime.bigint() - started) / 1e6;
process.stdout.write(`${JSON.stringify({ ms, records, max_rss_kb: process.resourceUsage().maxRSS })}\n`);
