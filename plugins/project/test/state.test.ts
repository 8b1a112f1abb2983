import t from 'tap';
import { desk, ok, projectServer } from './fixtures/helpers.js';

const EMPTY = { items: [], more: false };

t.test('an empty tree: a cursor and empty sections; the cursor as since shows nothing new', async (t) => {
  const s = await projectServer(t);
  const d = desk(s);
  const first = await d.state();
  t.same(first.sections, { open_questions: EMPTY, conflicts: EMPTY, pending: { total: 0, ...EMPTY }, recent_log: EMPTY, changed_persons: EMPTY });
  t.equal(first.since, null);
  t.equal(first.max_bytes, 65536);
  t.match(first.cursor, /^[A-Za-z0-9_-]+$/);
  const again = await d.state(first.cursor);
  t.equal(again.since, first.cursor, 'the answer names the since it was asked for');
  t.equal(again.cursor, first.cursor, 'nothing was written: the same cursor');
});

t.test('the digest: open questions with plan progress, open conflicts, the pending lane by proposer, the log, changed persons', async (t) => {
  const s = await projectServer(t);
  const d = desk(s);
  const william = await d.persona('William');
  const mary = await d.persona('Mary', 'Jones');
  const register = await d.source('Ledbury parish register');
  await d.claim({ persona: william, kind: 'birth', date: '12 MAR 1850', source: register });
  await d.claim({ persona: william, kind: 'birth', date: '1856' }, 'agent', 'claude-opus-4');
  await d.claim({ persona: mary, kind: 'death', date: '1901' }, 'agent', 'claude-opus-4');
  await d.claim({ persona: mary, kind: 'occupation', value: 'glover' }, 'agent', 'gpt-5');
  const person = await d.person([william]);
  const born = await d.question('When was William Smyth born?', [person.id]);
  const parents = await d.question('Who were the parents of Mary Jones?');
  await d.planItem(born, 'Search the 1851 census of Ledbury');
  const item = await d.planItem(born, 'Search the bishop\'s transcripts');
  await ok(s.request('PUT', `/v1/research/plan-items/${item.id}/done`, { body: { done: true } }));
  const closed = await d.question('Was William a glover?');
  await d.close(closed, { answer: 'No: his brother was.' });
  const entry = await d.log({ question: born, text: 'Read the 1851 census: William, 1 month.', personas: [william] });

  const state = await d.state();
  const { open_questions, conflicts, pending, recent_log, changed_persons } = state.sections;
  t.same(open_questions.items.map((q: any) => [q.id, q.text, q.subjects, q.plan, q.coverage_confirmed]), [
    [born, 'When was William Smyth born?', [person.id], { total: 2, done: 1 }, false],
    [parents, 'Who were the parents of Mary Jones?', [], { total: 0, done: 0 }, false],
  ], 'open questions only, the one changed last first, with plan progress');
  t.equal(open_questions.more, false);
  t.equal(conflicts.items.length, 1, 'the two birth dates of William disagree');
  t.match(conflicts.items[0], { kind: 'birth', status: 'open', persona: william, claims: [{ date: '12 MAR 1850' }, { date: '1856' }] });
  t.match(conflicts.items[0].disagreement, /years apart/);
  t.same(pending, { total: 3, items: [{ proposer: 'claude-opus-4', count: 2 }, { proposer: 'gpt-5', count: 1 }], more: false }, 'the lane by proposer, largest first; the human\'s confirmed claim is not pending');
  t.same(recent_log.items.map((e: any) => [e.id, e.kind, e.question, e.text, e.personas, e.proposer]), [[entry.id, 'entry', born, 'Read the 1851 census: William, 1 month.', [william], null]]);
  t.same(changed_persons.items.map((p: any) => [p.id, p.display_name, p.status, p.birth]), [[person.id, 'William Smyth', 'active', '12 MAR 1850']], 'the birth summary prefers the confirmed claim');
});

t.test('since: every section shows only what changed after the cursor, and nothing twice', async (t) => {
  const s = await projectServer(t);
  const d = desk(s);
  const william = await d.persona('William');
  const john = await d.persona('John');
  await d.claim({ persona: william, kind: 'birth', date: '1850' });
  await d.claim({ persona: william, kind: 'birth', date: '1856' });
  const first = await d.question('When was William born?');
  const untouched = await d.question('Where did John live?');
  await d.log({ question: first, text: 'Searched the census.' });
  await d.claim({ persona: john, kind: 'occupation', value: 'farmer' }, 'agent', 'claude-opus-4');
  const person = await d.person([william]);
  const before = await d.state();
  t.equal(before.sections.conflicts.items.length, 1);
  const conflict = before.sections.conflicts.items[0].id;

  await d.planItem(first, 'Search the baptisms');
  const fresh = await d.question('Who was John\'s wife?');
  const entry = await d.log({ question: untouched, text: 'Searched the 1861 census: John in Ledbury.' });
  await d.claim({ persona: john, kind: 'residence', place: 'Ledbury' }, 'agent', 'gpt-5');
  const agentRefuted = await d.claim({ persona: john, kind: 'residence', place: 'Hereford' }, 'agent', 'gpt-5');
  await d.refute(agentRefuted);
  const johnPerson = await d.person([john]);
  await d.resolve(conflict, await d.argument('Born in 1850', []));

  const after = await d.state(before.cursor);
  const ids = (section: any) => section.items.map((item: any) => item.id);
  t.same(ids(after.sections.open_questions).sort(), [first, fresh].sort(), 'the question given a plan item and the new one (a log entry shows in recent_log)');
  t.notOk(ids(after.sections.open_questions).includes(untouched));
  t.same(after.sections.conflicts.items.map((c: any) => [c.id, c.status]), [[conflict, 'resolved']], 'a conflict settled since is shown with its status now');
  t.same(after.sections.pending, { total: 1, items: [{ proposer: 'gpt-5', count: 1 }], more: false }, 'claims captured since that still wait; the refuted one does not');
  t.same(ids(after.sections.recent_log), [entry.id]);
  t.same(ids(after.sections.changed_persons), [johnPerson.id], 'only the person concluded since');
  t.notOk(ids(before.sections.changed_persons).includes(johnPerson.id));
  t.ok(ids(before.sections.changed_persons).includes(person.id));

  const quiet = await d.state(after.cursor);
  t.same(Object.values(quiet.sections).map((section: any) => section.items.length), [0, 0, 0, 0, 0], 'nothing changed after the second answer');
});

t.test('since under concurrent writes: walking the cursors shows every log entry exactly once', async (t) => {
  const s = await projectServer(t);
  const d = desk(s);
  const question = await d.question('Where was William in 1861?');
  const written: string[] = [];
  const seen: string[] = [];
  let cursor = (await d.state()).cursor;
  for (let round = 0; round < 6; round++) {
    const writes = Array.from({ length: 5 }, (_, i) => d.log({ question, text: `Round ${round}, search ${i}` }).then((e) => written.push(e.id)));
    const [state] = await Promise.all([d.state(cursor), ...writes]);
    seen.push(...state.sections.recent_log.items.map((e: any) => e.id));
    cursor = state.cursor;
  }
  const last = await d.state(cursor);
  seen.push(...last.sections.recent_log.items.map((e: any) => e.id));
  t.equal(written.length, 30);
  t.same([...seen].sort(), [...written].sort(), 'every entry seen once, none missed, none twice');
});

t.test('a since that is not a cursor of this tree is 400 invalid-cursor, naming since', async (t) => {
  const s = await projectServer(t);
  const d = desk(s);
  const { cursor } = await d.state();
  const other = await ok(s.request('POST', '/v1/trees', { body: { name: 'Other tree' } }), 201);
  const elsewhere = desk(s, `/v1/trees/${other.tree_id}`);
  const foreign = (await elsewhere.state()).cursor;
  const treeId = s.server.kernel.trees.active().id;
  const future = Buffer.from(JSON.stringify({ t: treeId, s: 10_000 })).toString('base64url');
  // The same cursor in plain base64 with padding: not ours (a base64url decoder would skip the `=`).
  let json = JSON.stringify({ t: treeId, s: 0 });
  while (json.length % 3 === 0) json += ' ';
  const padded = Buffer.from(json).toString('base64');
  const cases: [string, string, RegExp][] = [
    ['garbage', 'not a cursor!', /is not a cursor of GET project\/state/],
    ['base64 of text', Buffer.from('hello').toString('base64url'), /is not a cursor/],
    ['a negative seq', Buffer.from(JSON.stringify({ t: 'x', s: -1 })).toString('base64url'), /is not a cursor/],
    ['a fractional seq', Buffer.from(JSON.stringify({ t: 'x', s: 1.5 })).toString('base64url'), /is not a cursor/],
    ['no tree', Buffer.from(JSON.stringify({ s: 1 })).toString('base64url'), /is not a cursor/],
    ['another tree\'s', foreign, /belongs to another tree/],
    ['a future seq', future, /names a change this tree has not made/],
    ['padded base64', padded, /is not a cursor/],
    ['a seq in a string', Buffer.from(JSON.stringify({ t: treeId, s: '0' })).toString('base64url'), /is not a cursor/],
    ['JSON null', Buffer.from('null').toString('base64url'), /is not a cursor/],
  ];
  t.match(padded, /=$/);
  t.equal((await d.state(Buffer.from(JSON.stringify({ t: treeId, s: 0 })).toString('base64url'))).since !== null, true, 'seq 0 of this tree is a cursor (an empty tree\'s)');
  for (const [name, since, detail] of cases) {
    const reply = await s.request('GET', '/v1/project/state', { query: { since }, token: s.agentToken });
    t.equal(reply.statusCode, 400, name);
    t.equal(reply.json().code, 'invalid-cursor', name);
    t.match(reply.json().detail, detail, name);
    t.same(reply.json().errors, [{ location: 'query', name: 'since', message: reply.json().detail }], name);
  }
  t.equal((await elsewhere.state(cursor).catch((e: Error) => e.message)).toString().includes('400'), true, 'this tree\'s cursor on the other tree is refused too');
  const own = await d.state(cursor);
  t.equal(own.since, cursor, 'its own cursor is fine');
  for (const since of ['', 'a'.repeat(201)]) {
    const reply = await s.request('GET', '/v1/project/state', { query: { since }, token: s.agentToken });
    t.equal(reply.json().code, 'validation-failed', `since of ${since.length} characters`);
  }
  t.equal((await s.request('GET', '/v1/project/state', { query: { since: cursor, other: '1' }, token: s.agentToken })).statusCode, 400, 'no other parameter');
});

t.test('both mounts answer for their tree; the pinned mount of the active tree is the same digest', async (t) => {
  const s = await projectServer(t);
  const d = desk(s);
  await d.question('Active tree question');
  const other = await ok(s.request('POST', '/v1/trees', { body: { name: 'Other tree' } }), 201);
  const pinned = desk(s, `/v1/trees/${other.tree_id}`);
  await pinned.question('Other tree question');
  const active = await d.state();
  const activeId = s.server.kernel.trees.active().id;
  t.same((await desk(s, `/v1/trees/${activeId}`).state()).sections, active.sections);
  t.same(active.sections.open_questions.items.map((q: any) => q.text), ['Active tree question']);
  t.same((await pinned.state()).sections.open_questions.items.map((q: any) => q.text), ['Other tree question']);
});

t.test('persons merged or retracted since are shown as such', async (t) => {
  const s = await projectServer(t);
  const d = desk(s);
  const a = await d.person([await d.persona('William')]);
  const b = await d.person([await d.persona('Will')]);
  const c = await d.person([await d.persona('Bill')]);
  const { cursor } = await d.state();
  await d.post('/persons/merge', { survivor: a.id, merged: b.id });
  await d.post(`/persons/${c.id}/retract`, { reason: 'a mistaken conclusion' });
  const { changed_persons } = (await d.state(cursor)).sections;
  t.same(changed_persons.items.map((p: any) => [p.id, p.display_name, p.status, p.survivor]), [
    [c.id, null, 'retracted', null],
    [a.id, 'William Smyth', 'active', null],
    [b.id, null, 'merged', a.id],
  ], 'latest change first: the retraction, then the merge (the survivor, and the merged person pointing to it)');
});
