// npm run bench: every figure beside the baseline it is measured against, in the same run.
// Quick by default (small inputs); `npm run bench -- --full` for the issues' sizes (src/mode.ts).
// Select with ROOTLINE_BENCH=notes,startup,blobs,assertions,people,gedcom,duplicates,merge,backup,conflicts,claims-filter,thumbnails,signals (default: all that exist).
import { existsSync } from 'node:fs';
import { selectBenches } from './stats.js';
import { benchMode } from './mode.js';

// Before any bench reads its knobs: the quick sizes go into the environment the benches (and the servers they start) read.
const { mode, env } = benchMode(process.argv.slice(2), process.env);
Object.assign(process.env, env);
// Every bench module reads its knobs when loaded, so each is imported only now.
const { benchNotes, benchStartup } = await import('./notes.js');
process.stdout.write(`bench mode: ${mode}${mode === 'quick' ? ' (npm run bench -- --full for the large figures)' : ''}\n`);

type Bench = () => Promise<Record<string, unknown>>;

async function optional(file: string, name: string): Promise<Bench | null> {
  const path = new URL(file, import.meta.url);
  if (!existsSync(path)) return null;
  const module = (await import(path.href)) as Record<string, Bench>;
  return module[name] ?? null;
}

const benches: [string, Bench | null][] = [
  ['startup', benchStartup],
  ['notes', benchNotes],
  ['blobs', await optional('./blobs.ts', 'benchBlobs')],
  ['assertions', await optional('./assertions.ts', 'benchAssertions')],
  ['people', await optional('./people.ts', 'benchPeople')],
  ['gedcom', await optional('./gedcom.ts', 'benchGedcom')],
  ['duplicates', await optional('./duplicates.ts', 'benchDuplicates')],
  ['merge', await optional('./merge.ts', 'benchMerge')],
  ['backup', await optional('./backup.ts', 'benchBackup')],
  ['conflicts', await optional('./conflicts.ts', 'benchConflicts')],
  ['claims-filter', await optional('./claims-filter.ts', 'benchClaimsFilter')],
  ['signals', await optional('./signals.ts', 'benchSignals')],
  ['thumbnails', await optional('./thumbnails.ts', 'benchThumbnails')],
];
const results: Record<string, unknown> = {};
for (const [name, bench] of selectBenches(benches, process.env.ROOTLINE_BENCH)) {
  process.stdout.write(`bench ${name} ...\n`);
  results[name] = await bench();
  process.stdout.write(`${name}: ${JSON.stringify(results[name])}\n`);
}
process.stdout.write(`\n${JSON.stringify(results, null, 2)}\n`);
