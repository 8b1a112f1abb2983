import t from 'tap';
import { systemActor } from '@rootline/kernel';
import { recordsSince } from '../src/since.js';
import { signalsServer } from './fixtures/helpers.js';

t.test('the records after a known one, oldest first, or undefined when there are too many or the log changed', async (t) => {
  const s = await signalsServer(t);
  const kernel = s.server.kernel;
  const tree = kernel.activeTree();
  const write = (n: number) => kernel.servicesFor(tree, systemActor).personasService.createMany(systemActor, Array.from({ length: n }, (_, at) => ({ given: `P${at}`, surname: 'Smyth' })));

  t.same(recordsSince(tree, 0, '', 10), [], 'an empty log: nothing since the start');
  write(600);
  const all = s.records().reverse();
  t.equal(all.length, 600);
  const seqs = (records: { seq: number }[] | undefined) => records?.map((record) => record.seq);
  t.same(seqs(recordsSince(tree, 0, '', 1000)), seqs(all), 'from the start: every record, oldest first, across pages of 256');
  t.equal(recordsSince(tree, 0, '', 599), undefined, 'one more than allowed: undefined');
  const at = all[100];
  t.same(seqs(recordsSince(tree, at.seq, at.record_id, 1000)), seqs(all.slice(101)), 'after record 101: the 499 that follow');
  t.same(seqs(recordsSince(tree, at.seq, at.record_id, 499)), seqs(all.slice(101)), 'exactly as many as allowed');
  t.equal(recordsSince(tree, at.seq, at.record_id, 498), undefined, 'one fewer allowed: undefined');
  const last = all[599];
  t.same(recordsSince(tree, last.seq, last.record_id, 0), [], 'after the last record: nothing, even when none are allowed');
  t.equal(recordsSince(tree, at.seq, all[101].record_id, 1000), undefined, 'the record at that place is another one: the log was replaced');
  t.equal(recordsSince(tree, last.seq + 5, 'gone', 1000), undefined, 'a place past the end of the log: replaced');
  t.equal(recordsSince(tree, 0, 'something', 1000), undefined, 'a record before the start: replaced');
});
