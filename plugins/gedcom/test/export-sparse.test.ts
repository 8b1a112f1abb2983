import t from 'tap';
import { SparseDetails } from '../src/export/sparse.js';
import type { ExportServices } from '../src/export/context.js';

/**
 * The four "has it at all" sets the export reads once: a batch asks the services only for the
 * ids in them. The services here answer fixed sets and count how often they are asked, which
 * is what this unit decides (the whole export is tested against a real tree in export*.test.ts).
 */
function services(sets: { notes?: string[]; events?: string[]; associations?: string[]; evidence?: string[] }) {
  const asked = { notes: 0, events: 0, associations: 0, evidence: 0 };
  const answer = (kind: keyof typeof asked) => () => {
    asked[kind]++;
    return new Set(sets[kind] ?? []);
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
  const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
  t.same(sparse.withNotes(ids), ['a', 'c'], 'notes');
  t.same(sparse.inEvents(ids), ['b'], 'events');
  t.same(sparse.associated(ids), ['a', 'd'], 'associations');
  t.same(sparse.withEvidence(ids), ['e'], 'evidence');
  t.same(sparse.withNotes([]), [], 'nothing asked, nothing kept');
  t.same(sparse.withNotes(['x', 'y']), [], 'none of them has a note');
});

t.test('each set is read once per export, on first use, however many batches ask', async (t) => {
  const { made, asked } = services({ notes: ['a'], events: ['a'], associations: ['a'], evidence: ['a'] });
  const sparse = new SparseDetails(made);
  t.same(asked, { notes: 0, events: 0, associations: 0, evidence: 0 }, 'nothing read before it is needed');
  for (let batch = 0; batch < 3; batch++) {
    sparse.withNotes(['a']);
    sparse.inEvents(['a']);
    sparse.associated(['a']);
    sparse.withEvidence(['a']);
  }
  t.same(asked, { notes: 1, events: 1, associations: 1, evidence: 1 });
});
