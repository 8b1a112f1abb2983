import t from 'tap';
import { desk, projectServer } from './fixtures/helpers.js';

t.test('settled knowledge and retired leads, readable by an agent on both mounts', async (t) => {
  const s = await projectServer(t);
  const d = desk(s);
  const register = await d.source('Ledbury parish register');
  const william = await d.persona('William');
  const will = await d.persona('Will');
  const early = await d.claim({ persona: william, kind: 'birth', date: '12 MAR 1850', source: register });
  const late = await d.claim({ persona: william, kind: 'birth', date: '1856' }, 'agent', 'claude-opus-4');
  await d.refute(late);
  const wrong = await d.claim({ persona: will, kind: 'death', date: '1850' }, 'agent');
  const pending = await d.claim({ persona: will, kind: 'death', date: '1902' }, 'agent');
  const conflict = (await d.conflicts()).find((c) => c.persona === will);
  t.ok(conflict, 'the two deaths of Will disagree');
  const argument = await d.argument('Will died in 1902', [pending], 'Will Smyth died in 1902, not 1850.');
  await d.resolve(conflict.id, argument);
  await d.refute(wrong);

  const question = await d.question('When was William born?');
  await d.close(question, { answer: 'On 12 March 1850, at Ledbury.', proof_argument: argument });
  const open = await d.question('Who was William\'s mother?');
  const searched = await d.negative({ question: open, text: 'No baptism of William in the Ledbury register 1848-1853.', searched: { source: register, scope: '1848-1853' } });
  await d.log({ question: open, text: 'An ordinary entry is not a retired lead.' });
  const a = await d.person([william]);
  const b = await d.person([will]);
  const proposal = await d.propose([a.id, b.id], 'Same name, same parish');
  await d.deny(proposal, 'Will was born in Hereford');

  const settled = await d.settled();
  t.same(settled.settled.resolved_conflicts.items.map((c: any) => [c.id, c.status, c.resolution.proof_argument]), [
    [conflict.id, 'resolved', { id: argument, title: 'Will died in 1902', conclusion: 'Will Smyth died in 1902, not 1850.' }],
  ], 'with the argument that settled it and its conclusion');
  t.same(settled.settled.closed_questions.items.map((q: any) => [q.id, q.answer, q.proof_argument]), [[question, 'On 12 March 1850, at Ledbury.', { id: argument, title: 'Will died in 1902' }]]);
  t.same(settled.settled.confirmed_claims.items.map((c: any) => c.id), [early], 'the human\'s claim; pending and refuted ones are not settled');
  t.equal(settled.settled.confirmed_claims.total, 1);
  t.same(settled.retired.refuted_claims.items.map((c: any) => c.id).sort(), [late, wrong].sort());
  t.equal(settled.retired.refuted_claims.total, 2);
  t.match(settled.retired.refuted_claims.items.find((c: any) => c.id === late), { persona: william, kind: 'birth', date: '1856', source: null });
  t.same(settled.retired.denied_merges, { total: 1, items: [{ id: proposal, persons: [a.id, b.id], reason: 'Will was born in Hereford', decided_at_ms: settled.retired.denied_merges.items[0].decided_at_ms }], more: false });
  t.same(settled.retired.negative_evidence.items.map((e: any) => [e.id, e.question, e.text, e.searched?.scope]), [[searched.id, open, 'No baptism of William in the Ledbury register 1848-1853.', '1848-1853']]);
  t.same(Object.values({ ...settled.settled, ...settled.retired }).map((section: any) => section.more), [false, false, false, false, false, false]);

  const pinned = desk(s, `/v1/trees/${s.server.kernel.trees.active().id}`);
  t.same(await pinned.settled('human'), settled, 'the pinned mount of the active tree: the same');
});

t.test('each section shows at most 50, newest first, with more and the total', async (t) => {
  const s = await projectServer(t);
  const d = desk(s);
  const william = await d.persona('William');
  const ids: string[] = [];
  for (let i = 0; i < 52; i++) ids.push(await d.claim({ persona: william, kind: 'occupation', value: `Occupation ${i}` }));
  const { confirmed_claims } = (await d.settled()).settled;
  t.equal(confirmed_claims.total, 52);
  t.equal(confirmed_claims.items.length, 50);
  t.equal(confirmed_claims.more, true);
  t.same(confirmed_claims.items.map((c: any) => c.id), ids.slice(2).reverse(), 'the newest 50, newest first');
});

t.test('long text is clipped to 300 characters with an ellipsis', async (t) => {
  const s = await projectServer(t);
  const d = desk(s);
  const question = await d.question('Q');
  const text = 'Searched every register of the county. '.repeat(20);
  await d.negative({ question, text });
  const [entry] = (await d.settled()).retired.negative_evidence.items;
  t.equal(Array.from(entry.text as string).length, 300);
  t.equal(entry.text, `${Array.from(text).slice(0, 299).join('')}…`);
});
