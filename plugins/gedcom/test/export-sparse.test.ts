import t from 'tap';
import { SparseDetails } from '../src/export/sparse.js';
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
