import t from 'tap';
import { desk, ok, projectServer } from './fixtures/helpers.js';

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

t.test('every section: the newest 50 by when they were settled or retired, then more; items in full', async (t) => {
  const s = await projectServer(t);
  const d = desk(s);
  const register = await d.source('Ledbury register');
  const argument = await d.argument('The register is right', [], 'The register gives the date.');
  const conflicts: string[] = [];
  const refuted: string[] = [];
  for (let i = 0; i < 51; i++) {
    const persona = await d.persona(`P${i}`);
    const kept = await d.claim({ persona, kind: 'birth', date: '1850', place: 'Ledbury', source: register });
    const wrong = await d.claim({ persona, kind: 'birth', date: '1870' }, 'agent', 'gpt-5');
    conflicts.push(await d.conflictOf(persona));
    refuted.push(wrong);
    t.ok(kept);
  }
  // Resolved in reverse order of opening: the list follows the resolution, not the opening.
  for (const conflict of [...conflicts].reverse()) await ok(s.request('POST', `/v1/conflicts/${conflict}/resolution`, { body: { proof_argument: argument, outcome: 'the register' } }));
  for (const claim of refuted) await d.refute(claim);
  const questions: string[] = [];
  for (let i = 0; i < 51; i++) {
    const question = await d.question(`Question ${i}`);
    await d.close(question, i === 0 ? { answer: 'y'.repeat(400), proof_argument: argument } : {});
    questions.push(question);
  }
  const searches: string[] = [];
  for (let i = 0; i < 51; i++) searches.push((await d.negative({ question: questions[0], text: `Nothing in search ${i}`, personas: [] })).id);
  const proposals: string[] = [];
  for (let i = 0; i < 51; i++) {
    const a = await d.person([await d.persona(`A${i}`)]);
    const b = await d.person([await d.persona(`B${i}`)]);
    proposals.push(await d.propose([a.id, b.id], `Pair ${i}`));
  }
  for (const proposal of [...proposals].reverse()) await d.deny(proposal, 'x'.repeat(400));

  const { settled, retired } = await d.settled();
  t.same(settled.resolved_conflicts.items.map((c: any) => c.id), conflicts.slice(0, 50), 'resolved last to first: the newest resolution first');
  t.equal(settled.resolved_conflicts.more, true);
  const [resolved] = settled.resolved_conflicts.items;
  t.same(resolved.resolution, { outcome: 'the register', resolved_at_ms: resolved.resolution.resolved_at_ms, proof_argument: { id: argument, title: 'The register is right', conclusion: 'The register gives the date.' } });
  t.same(Object.keys(resolved).sort(), ['claims', 'disagreement', 'id', 'kind', 'opened_at_ms', 'person', 'persona', 'resolution', 'status'].sort());
  t.same(settled.closed_questions.items.map((q: any) => q.id), [...questions].reverse().slice(0, 50));
  t.equal(settled.closed_questions.more, true);
  t.same(settled.closed_questions.items[49], { id: questions[1], text: 'Question 1', subjects: [], answer: null, proof_argument: null, closed_at_ms: settled.closed_questions.items[49].closed_at_ms });
  t.type(settled.closed_questions.items[49].closed_at_ms, 'number');
  t.same(retired.refuted_claims.items.map((c: any) => c.id), [...refuted].reverse().slice(0, 50));
  t.same([retired.refuted_claims.total, retired.refuted_claims.more], [51, true]);
  t.same(retired.refuted_claims.items[0], { id: refuted[50], persona: retired.refuted_claims.items[0].persona, kind: 'birth', value: null, date: '1870', place: null, source: null, citation: null });
  t.same(settled.confirmed_claims.items[0], { id: settled.confirmed_claims.items[0].id, persona: settled.confirmed_claims.items[0].persona, kind: 'birth', value: null, date: '1850', place: 'Ledbury', source: register, citation: null });
  t.same([settled.confirmed_claims.total, settled.confirmed_claims.more], [51, true]);
  t.same(retired.negative_evidence.items.map((e: any) => e.id), [...searches].reverse().slice(0, 50));
  t.equal(retired.negative_evidence.more, true);
  t.same(retired.negative_evidence.items[0], { id: searches[50], question: questions[0], text: 'Nothing in search 50', searched: null, personas: [], created_at_ms: retired.negative_evidence.items[0].created_at_ms });
  t.same(retired.denied_merges.items.map((p: any) => p.id), proposals.slice(0, 50), 'denied last to first: the newest denial first');
  t.same([retired.denied_merges.total, retired.denied_merges.more], [51, true]);
  t.equal(retired.denied_merges.items[0].reason, `${'x'.repeat(299)}…`);
  t.type(retired.denied_merges.items[0].decided_at_ms, 'number');
});

t.test('exactly 50 is not more; what is not settled stays out', async (t) => {
  const s = await projectServer(t);
  const d = desk(s);
  const argument = await d.argument('An argument', []);
  const conflicts: string[] = [];
  for (let i = 0; i < 52; i++) {
    const persona = await d.persona(`P${i}`);
    await d.claim({ persona, kind: 'birth', date: '1850' });
    await d.claim({ persona, kind: 'birth', date: '1870' });
    conflicts.push(await d.conflictOf(persona));
  }
  for (const conflict of conflicts.slice(0, 50)) await d.resolve(conflict, argument);
  await d.post(`/conflicts/${conflicts[50]}/withdrawal`, { reason: 'two baptisms' });
  const question = await d.question('Open');
  const closed = await d.question('Reopened');
  await d.close(closed, { answer: 'Wrongly' });
  await ok(s.request('POST', `/v1/research/questions/${closed}/reopen`));
  const gone = await d.negative({ question, text: 'Retracted search' });
  await d.post(`/research/log/${gone.id}/retract`, {});
  const a = await d.person([await d.persona('A')]);
  const b = await d.person([await d.persona('B')]);
  await d.propose([a.id, b.id], 'Still waiting');
  const { settled, retired } = await d.settled();
  t.equal(settled.resolved_conflicts.items.length, 50);
  t.equal(settled.resolved_conflicts.more, false, 'exactly 50 resolved; the withdrawn and the open one are not settled');
  t.notOk(settled.resolved_conflicts.items.some((c: any) => c.id === conflicts[50] || c.id === conflicts[51]));
  t.same(settled.closed_questions, { items: [], more: false }, 'a reopened question is not settled');
  t.same(retired.negative_evidence, { items: [], more: false }, 'a retracted search is not evidence');
  t.same(retired.denied_merges, { total: 0, items: [], more: false }, 'a pending proposal is not a retired lead');
});

t.test('each tree has its own settled knowledge, on both mounts', async (t) => {
  const s = await projectServer(t);
  const d = desk(s);
  const other = await ok(s.request('POST', '/v1/trees', { body: { name: 'Other tree' } }), 201);
  const pinned = desk(s, `/v1/trees/${other.tree_id}`);
  const here = await d.question('Here');
  await d.close(here, { answer: 'Yes' });
  const there = await pinned.question('There');
  await pinned.close(there, { answer: 'No' });
  t.same((await d.settled()).settled.closed_questions.items.map((q: any) => [q.id, q.answer]), [[here, 'Yes']]);
  t.same((await pinned.settled()).settled.closed_questions.items.map((q: any) => [q.id, q.answer]), [[there, 'No']]);
});
