import t from 'tap';
import { idHash, SparseDetails } from '../src/export/sparse.js';
import type { ExportServices } from '../src/export/context.js';

/**
 * The four "has it at all" sets the export reads before its first batch: a batch asks the
 * services only for the ids in them. The services here answer pages of fixed sorted lists (as
 * the stores do: ids after `after`, in order) and log each page asked, which is what this unit
 * decides (the whole export is tested against a real tree in export*.test.ts).
 */
function services(sets: { notes?: string[]; events?: string[]; associations?: string[]; evidence?: string[] }) {
  const asked: string[] = [];
  const answer = (kind: keyof typeof sets) => (after: string, take: number) => {
    asked.push(`${kind} after '${after}'`);
    return [...(sets[kind] ?? [])].sort().filter((id) => id > after).slice(0, take);
  };
  const made = {
    notesService: { targets: answer('notes') },
    eventsService: { participants: answer('events') },
    associationsService: { recordedFrom: answer('associations') },
    assertionsService: { citedAsEvidence: answer('evidence') },
  } as unknown as ExportServices;
  return { made, asked };
}

t.test('each question keeps only the ids its own set holds, in the order asked', async (t) => {
  const { made } = services({ notes: ['c', 'a'], events: ['b'], associations: ['d', 'a'], evidence: ['e'] });
  const sparse = new SparseDetails(made);
  await sparse.read(async () => {});
  const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
  t.same(sparse.withNotes(ids), ['a', 'c'], 'notes');
  t.same(sparse.inEvents(ids), ['b'], 'events');
  t.same(sparse.associated(ids), ['a', 'd'], 'associations');
  t.same(sparse.withEvidence(ids), ['e'], 'evidence');
  t.same(sparse.withNotes(['c', 'a']), ['c', 'a'], 'in the order asked, not the set order');
  t.same(sparse.withNotes([]), [], 'nothing asked, nothing kept');
  t.same(sparse.withNotes(['x', 'y']), [], 'none of them has a note');
});

t.test('the sets are read a page at a time with a pause after each page, each id kept across the pages', async (t) => {
  const notes = ['n1', 'n2', 'n3', 'n4', 'n5'];
  const { made, asked } = services({ notes, events: ['e1', 'e2'], associations: [], evidence: ['v1', 'v2', 'v3'] });
  const sparse = new SparseDetails(made, 2);
  let pauses = 0;
  await sparse.read(async () => {
    pauses++;
  });
  t.same(asked, [
    "notes after ''", "notes after 'n2'", "notes after 'n4'",
    "events after ''", "events after 'e2'",
    "associations after ''",
    "evidence after ''", "evidence after 'v2'",
  ], 'each page starts after the last id of the page before; a short page is the last');
  t.equal(pauses, asked.length, 'a pause after every page read');
  t.same(sparse.withNotes(['n0', ...notes, 'n6']), notes, 'every id of every page is in the set');
  t.same(sparse.inEvents(['e1', 'e2', 'e3']), ['e1', 'e2'], 'a full last page is followed by an empty one, and nothing is lost');
  t.same(sparse.withEvidence(['v3']), ['v3']);
  t.same(sparse.associated(['n1', 'e1']), []);
  t.same(asked.length, 8, 'the questions read nothing more');
});

t.test('a question before the sets are read is a mistake of the export, said so', async (t) => {
  const sparse = new SparseDetails(services({}).made);
  t.throws(() => sparse.withNotes(['a']), /before reading them/);
});

/** Ids as the tree gives them (UUIDv7: a time, then a counter and random bits): consecutive ones differ in a few characters only. */
function treeIds(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `01a24e22-c${(i >> 12).toString(16).padStart(3, '0')}-7${(i & 0xfff).toString(16).padStart(3, '0')}-9b78-a0275a1623${(i % 256).toString(16).padStart(2, '0')}`);
}

t.test('a set holds a small integer per id: the same for the same id, spread over 30 bits, so two ids rarely share one', async (t) => {
  const ids = treeIds(20_000);
  t.equal(new Set(ids).size, 20_000, 'the ids are distinct');
  const hashes = ids.map(idHash);
  t.ok(hashes.every((hash) => Number.isInteger(hash) && hash >= 0 && hash < 2 ** 30), 'each hash is an integer from 0 to 2^30 - 1 (a small integer on every V8 build)');
  t.ok(hashes.some((hash) => hash >= 2 ** 29), 'the top bit of the 30 is used');
  t.ok(new Set(hashes).size >= 19_990, `at most a few clashes among 20,000 ids (${20_000 - new Set(hashes).size})`);
  t.equal(idHash(`${ids[7]}`), hashes[7], 'a copy of an id (as each page reads it) hashes alike');
  t.not(idHash('ab'), idHash('ba'), 'the order of the characters counts');
});

t.test('two ids that share a hash: both count as having notes, and the batch read finds what each really has', async (t) => {
  // Find a clash among made-up ids, as a tree of a million persons may hold some.
  const seen = new Map<number, string>();
  let clash: [string, string] | undefined;
  for (let i = 0; !clash; i++) {
    const id = `id-${i}`;
    const other = seen.get(idHash(id));
    if (other !== undefined) clash = [other, id];
    seen.set(idHash(id), id);
  }
  const [noted, unnoted] = clash;
  const { made } = services({ notes: [noted] });
  const sparse = new SparseDetails(made);
  await sparse.read(async () => {});
  t.same(sparse.withNotes([noted, unnoted, 'other']), [noted, unnoted], 'the clash is asked for too (the read then finds no note for it): never one with notes left out');
});
