// A Stryker ignorer for `npm run mutation -- <package> --sample N` (sample.mjs): Stryker is
// given the sampled mutants' ranges, and a range also holds every mutant nested inside it (a
// block emptied holds all of its statements' mutants). This ignorer leaves out each node in
// whose subtree no sampled mutant lies, so only the sampled mutants (and the other mutants of
// the same nodes) are run: a sample costs about its size, not two or three times it.
import { readFileSync } from 'node:fs';
import { declareValuePlugin, PluginKind } from '@stryker-mutator/api/plugin';

/** Whether `inner` lies within `outer` (babel locations: lines from 1, columns from 0). */
export function within(outer, inner) {
  const startsAfter = inner.start.line > outer.start.line || (inner.start.line === outer.start.line && inner.start.column >= outer.start.column);
  const endsBefore = inner.end.line < outer.end.line || (inner.end.line === outer.end.line && inner.end.column <= outer.end.column);
  return startsAfter && endsBefore;
}

/**
 * The ignorer for a sample (sample.json's rows: file, location with lines from 0). The
 * node's file is not known to an ignorer, so places are compared alone: a sampled place in
 * another file can only keep a few more mutants, never leave a sampled one out.
 */
export function unsampledIgnorer(sample) {
  const places = sample.map(({ location: { start, end } }) => ({ start: { line: start.line + 1, column: start.column }, end: { line: end.line + 1, column: end.column } }));
  return {
    shouldIgnore(path) {
      const loc = path.node.loc;
      if (!loc) return undefined;
      return places.some((place) => within(loc, place)) ? undefined : 'not in the sample';
    },
  };
}

const sampleFile = process.env.ROOTLINE_MUTATION_SAMPLE_FILE;
const ignorer = sampleFile ? unsampledIgnorer(JSON.parse(readFileSync(sampleFile, 'utf8'))) : { shouldIgnore: () => undefined };

export const strykerPlugins = [declareValuePlugin(PluginKind.Ignore, 'unsampled', ignorer)];
