import t from 'tap';
import { systemActor } from '@rootline/kernel';
import { MAX_RECORDS_SCANNED } from '../src/changes.js';
import { desk, ok, projectServer } from './fixtures/helpers.js';

/** Each section's items, its limit of 25 and its `more`, with and without since. */

const ids = (section: { items: { id: string }[] }) => section.items.map((item) => item.id);

t.test('the cursor of an empty tree is a since like any other: changes after it show with their status now', async (t) => {
  const s = await projectServer(t);
  const d = desk(s);
  const { cursor } = await d.state();
  const william = await d.persona('William');
  await d.claim({ persona: william, kind: 'birth', date: '1850' });
  await d.claim({ persona: william, kind: 'birth', date: '1856' });
  const [conflict] = await d.conflicts();
  await d.resolve(conflict.id, await d.argument('Born 1850', []));
  const question = await d.question('When was William born?');
  await d.close(question, { answer: '1850' });
  const after = await d.state(cursor);
  t.same(after.sections.conflicts.items.map((c: any) => [c.id, c.status]), [[conflict.id, 'resolved']], 'the conflict opened and resolved after the cursor');
  t.same(after.sections.open_questions.items.map((q: any) => [q.id, q.status]), [[question, 'closed']], 'the question asked and closed after it');
  const plain = await d.state();
  t.same(plain.sections.conflicts.items, [], 'without since: only open conflicts');
  t.same(plain.sections.open_questions.items, [], 'without since: only open questions');
});

t.test('the items in full: a question, a person\'s conflict, a log entry, a changed person', async (t) => {
  const s = await projectServer(t);
  const d = desk(s);
  const william = await d.persona('William');
  const bill = await d.persona('Bill');
  const register = await d.source('Ledbury register');
  const person = await d.person([william, bill]);
  const born = await d.claim({ persona: william, kind: 'birth', date: '1850', place: 'Ledbury', source: register });
  const other = await d.claim({ persona: bill, kind: 'birth', date: '1856', place: 'Hereford' }, 'agent', 'gpt-5');
  const died = await d.claim({ persona: william, kind: 'death', date: '1901' });
  const question = await d.question('When was William born?', [person.id], 'agent');
  const entry = await d.log({ question, text: 'Searched the census.', personas: [william] }, 'agent', 'gpt-5');
  const { sections } = await d.state();
  const [q] = sections.open_questions.items;
  t.same(q, { id: question, status: 'open', text: 'When was William born?', subjects: [person.id], anchor: null, plan: { total: 0, done: 0 }, coverage_confirmed: false, updated_at_ms: q.updated_at_ms });
  t.type(q.updated_at_ms, 'number');
  const [c] = sections.conflicts.items;
  t.same(c, {
    id: c.id,
    kind: 'birth',
    status: 'open',
    person: person.id,
    persona: null,
    disagreement: c.disagreement,
    claims: [
      { assertion: born, value: null, date: '1850', place: 'Ledbury' },
      { assertion: other, value: null, date: '1856', place: 'Hereford' },
    ],
    opened_at_ms: c.opened_at_ms,
  }, 'a conflict between two personas of one person names the person');
  t.match(c.disagreement, /\S/);
  const [e] = sections.recent_log.items;
  t.same(e, { id: entry.id, kind: 'entry', status: 'active', question, session: null, text: 'Searched the census.', personas: [william], proposer: 'gpt-5', updated_at_ms: e.updated_at_ms });
  const [p] = sections.changed_persons.items;
  t.same(p, { id: person.id, display_name: 'William Smyth', status: 'active', survivor: null, birth: '1850', death: '1901', updated_at_ms: p.updated_at_ms });
  t.ok(died);
  const confirmed = await ok(s.request('PUT', `/v1/research/questions/${question}/text`, { body: { text: 'x'.repeat(400) } }));
  t.ok(confirmed);
  const [long] = (await d.state()).sections.open_questions.items;
  t.equal(long.text, `${'x'.repeat(299)}…`, 'long text is clipped');
  const [longEntry] = (await d.state()).sections.recent_log.items;
  t.equal(longEntry.text, 'Searched the census.');
  await d.post(`/research/questions/${question}/coverage-confirm`, {});
  t.equal((await d.state()).sections.open_questions.items[0].coverage_confirmed, true, 'coverage confirmed');
});

t.test('open questions: 25 at most, the most recently changed first; with since, closed and reopened ones too', async (t) => {
  const s = await projectServer(t);
  const d = desk(s);
  const questions: string[] = [];
  for (let i = 0; i < 25; i++) questions.push(await d.question(`Question ${i}`));
  const full = (await d.state()).sections.open_questions;
  t.same(ids(full), [...questions].reverse(), 'exactly 25: all of them');
  t.equal(full.more, false);
  const { cursor } = await d.state();
  questions.push(await d.question('Question 25'));
  const over = (await d.state()).sections.open_questions;
  t.same(ids(over), [...questions].reverse().slice(0, 25), 'the 26th: the oldest is left out');
  t.equal(over.more, true);

  await d.close(questions[3], { answer: 'Found' });
  await d.planItem(questions[1], 'Search the baptisms');
  await d.close(questions[2], {});
  await ok(s.request('POST', `/v1/research/questions/${questions[2]}/reopen`));
  const since = (await d.state(cursor)).sections.open_questions;
  t.same(since.items.map((q: any) => [q.id, q.status]), [
    [questions[2], 'open'],
    [questions[1], 'open'],
    [questions[3], 'closed'],
    [questions[25], 'open'],
  ], 'every question changed after the cursor, latest change first, closed ones too');
  t.equal(since.more, false);
  t.notOk(ids((await d.state()).sections.open_questions).includes(questions[3]), 'without since the closed one is gone');
});

t.test('with since, more than 25 changed questions: the latest 25 and more', async (t) => {
  const s = await projectServer(t);
  const d = desk(s);
  const { cursor } = await d.state();
  const questions: string[] = [];
  for (let i = 0; i < 13; i++) questions.push(await d.question(`Open ${i}`));
  for (let i = 0; i < 13; i++) {
    const q = await d.question(`Closed ${i}`);
    await d.close(q, {});
    questions.push(q);
  }
  const since = (await d.state(cursor)).sections.open_questions;
  t.same(ids(since), [...questions].reverse().slice(0, 25));
  t.equal(since.more, true, '13 open and 13 closed: one too many');
});

t.test('conflicts: without since the 25 newest open ones; resolved and withdrawn ones left out', async (t) => {
  const s = await projectServer(t);
  const d = desk(s);
  const opened: string[] = [];
  const open = async (name: string) => {
    const persona = await d.persona(name);
    await d.claim({ persona, kind: 'birth', date: '1850' });
    await d.claim({ persona, kind: 'birth', date: '1870' });
    const conflict = (await d.conflicts()).find((c) => c.persona === persona);
    opened.push(conflict.id);
    return conflict.id;
  };
  const resolved = await open('Resolved');
  const withdrawn = await open('Withdrawn');
  for (let i = 0; i < 25; i++) await open(`P${i}`);
  const { cursor } = await d.state();
  await d.resolve(resolved, await d.argument('Born 1850', []));
  await d.post(`/conflicts/${withdrawn}/withdrawal`, { reason: 'two baptisms' });
  const now = (await d.state()).sections.conflicts;
  t.same(ids(now), opened.slice(2).reverse(), 'the 25 open ones, newest first');
  t.equal(now.more, false, 'exactly 25 open');
  await open('P25');
  const more = (await d.state()).sections.conflicts;
  t.same(ids(more), opened.slice(3).reverse());
  t.equal(more.more, true);
  const since = (await d.state(cursor)).sections.conflicts;
  t.same(since.items.map((c: any) => [c.id, c.status]), [[opened[27], 'open'], [withdrawn, 'withdrawn'], [resolved, 'resolved']], 'with since: each conflict changed after it, once, with its status now');
  t.equal(since.more, false);
});

t.test('the pending lane by proposer: largest first, ties by proposer; with since, the claims captured or taken back after it', async (t) => {
  const s = await projectServer(t);
  const d = desk(s);
  const william = await d.persona('William');
  const claim = (model?: string) => d.claim({ persona: william, kind: 'occupation', value: `glover ${Math.random()}` }, 'agent', model);
  await claim('zeta');
  await claim('alpha');
  await claim();
  const deferred = await claim('beta');
  d.review(deferred, 'defer');
  await d.claim({ persona: william, kind: 'occupation', value: 'the human\'s' });
  const lane = (await d.state()).sections.pending;
  t.same(lane, { total: 3, items: [{ proposer: null, count: 1 }, { proposer: 'alpha', count: 1 }, { proposer: 'zeta', count: 1 }], more: false }, 'ties: no proposer first, then by name; deferred and confirmed claims do not wait');

  const { cursor } = await d.state();
  await claim('zeta');
  await claim('beta');
  const confirmed = await claim('alpha');
  await d.post(`/assertions/${confirmed}/confirm`, {});
  d.review(deferred, 'undefer');
  await claim();
  const since = (await d.state(cursor)).sections.pending;
  t.same(since, { total: 4, items: [{ proposer: 'beta', count: 2 }, { proposer: null, count: 1 }, { proposer: 'zeta', count: 1 }], more: false }, 'beta: one captured, one taken back from deferred; the confirmed one left');
  d.review(deferred, 'defer');
  d.review(deferred, 'undefer');
  t.same((await d.state(cursor)).sections.pending.items[0], { proposer: 'beta', count: 2 }, 'a claim deferred and taken back twice counts once');
});

t.test('the pending lane: at most 25 proposers, with and without since', async (t) => {
  const s = await projectServer(t);
  const d = desk(s);
  const william = await d.persona('William');
  const { cursor } = await d.state();
  for (let i = 0; i < 25; i++) await d.claim({ persona: william, kind: 'occupation', value: `trade ${i}` }, 'agent', `model-${String(i).padStart(2, '0')}`);
  for (const since of [undefined, cursor]) {
    const lane = (await d.state(since)).sections.pending;
    t.equal(lane.items.length, 25);
    t.equal(lane.more, false, 'exactly 25 proposers');
  }
  await d.claim({ persona: william, kind: 'occupation', value: 'trade 25' }, 'agent', 'model-25');
  await d.claim({ persona: william, kind: 'occupation', value: 'trade 26' }, 'agent', 'model-25');
  for (const since of [undefined, cursor]) {
    const lane = (await d.state(since)).sections.pending;
    t.equal(lane.total, 27);
    t.same(lane.items[0], { proposer: 'model-25', count: 2 });
    t.equal(lane.items.length, 25);
    t.equal(lane.items[24].proposer, 'model-23', 'the last of 26 proposers by name is left out');
    t.equal(lane.more, true);
  }
});

t.test('the log: without since the newest 25 active entries; with since, entries changed after it, retracted ones too, each once', async (t) => {
  const s = await projectServer(t);
  const d = desk(s);
  const question = await d.question('Where was William in 1861?');
  const entries: string[] = [];
  for (let i = 0; i < 25; i++) entries.push((await d.log({ question, text: `Search ${i}` })).id);
  const full = (await d.state()).sections.recent_log;
  t.same(ids(full), [...entries].reverse());
  t.equal(full.more, false);
  const { cursor } = await d.state();
  entries.push((await d.log({ question, text: 'Search 25' })).id);
  const over = (await d.state()).sections.recent_log;
  t.same(ids(over), [...entries].reverse().slice(0, 25));
  t.equal(over.more, true);

  await ok(s.request('PUT', `/v1/research/log/${entries[4]}/text`, { body: { text: 'Search 4, corrected', reason: 'typo' } }));
  await d.post(`/research/log/${entries[2]}/details`, { text: 'Also the 1871 census' });
  await d.post(`/research/log/${entries[4]}/details`, { text: 'And the parish chest' });
  await d.post(`/research/log/${entries[3]}/retract`, { reason: 'wrong William' });
  const since = (await d.state(cursor)).sections.recent_log;
  t.same(since.items.map((e: any) => [e.id, e.status, e.text]), [
    [entries[3], 'retracted', 'Search 3'],
    [entries[4], 'active', 'Search 4, corrected'],
    [entries[2], 'active', 'Search 2'],
    [entries[25], 'active', 'Search 25'],
  ], 'latest change first, each entry once, a retraction shown as such');
  t.equal(since.more, false);
  t.notOk(ids((await d.state()).sections.recent_log).includes(entries[3]), 'without since a retracted entry is not shown');
});

t.test('changed persons: 25 at most; a split shows the new person; with since, only persons changed after it', async (t) => {
  const s = await projectServer(t);
  const d = desk(s);
  const persons: string[] = [];
  for (let i = 0; i < 25; i++) persons.push((await d.person([await d.persona(`P${i}`)])).id);
  const full = (await d.state()).sections.changed_persons;
  t.same(ids(full), [...persons].reverse());
  t.equal(full.more, false);
  const john = await d.persona('John');
  const jack = await d.persona('Jack');
  const both = (await d.person([john, jack])).id;
  const over = (await d.state()).sections.changed_persons;
  t.same(ids(over), [both, ...[...persons].reverse().slice(0, 24)]);
  t.equal(over.more, true);
  const { cursor } = await d.state();
  const { new_person } = await d.post(`/persons/${both}/split`, { personas: [jack] });
  await ok(s.request('PUT', `/v1/persons/${persons[0]}/living-status`, { body: { living: false } }));
  const since = (await d.state(cursor)).sections.changed_persons;
  t.same(since.items.map((p: any) => [p.id, p.status]), [[persons[0], 'active'], [both, 'active'], [new_person.id, 'active']], 'the living status, then the split: the person split and the new one');
  t.equal(since.more, false);
});

t.test('a walk of the log gives up after MAX_RECORDS_SCANNED records and says more', async (t) => {
  const s = await projectServer(t);
  const d = desk(s);
  const { cursor } = await d.state();
  const tree = s.server.kernel.trees.active();
  const write = (kind: string, n: number) =>
    tree.transact(() => {
      for (let i = 0; i < n; i++) tree.record({ kind, entity_type: 'thing', entity_id: `nothing-${kind}-${i}`, actor: systemActor, payload: {} });
    });
  write('conflict.opened.v1', MAX_RECORDS_SCANNED - 1);
  write('assertion.captured.v1', MAX_RECORDS_SCANNED - 1);
  const under = await d.state(cursor);
  t.same([under.sections.conflicts, under.sections.pending], [{ items: [], more: false }, { total: 0, items: [], more: false }], 'one record short of the limit: read to the end');
  t.same((await d.state()).sections.conflicts, { items: [], more: false });
  write('conflict.opened.v1', 1);
  write('assertion.captured.v1', 1);
  const over = await d.state(cursor);
  t.same([over.sections.conflicts, over.sections.pending], [{ items: [], more: true }, { total: 0, items: [], more: true }], 'at the limit the walk stops: more may exist');
  t.same((await d.state()).sections.conflicts, { items: [], more: true });
  t.same((await d.state(over.cursor)).sections.conflicts, { items: [], more: false }, 'after the cursor nothing is left to read');
});

t.test('what the reader may see: a conflict\'s claims go through it by id, the disagreement is hidden from an agent', async (t) => {
  const s = await projectServer(t);
  const d = desk(s);
  const william = await d.persona('William');
  const a = await d.claim({ persona: william, kind: 'birth', date: '1850' });
  const b = await d.claim({ persona: william, kind: 'birth', date: '1870' });
  const tree = s.server.kernel.trees.active();
  const agent = s.server.kernel.servicesFor(tree, { kind: 'agent', credentialId: s.agentCredentialId });
  const human = s.server.kernel.servicesFor(tree, { kind: 'human', credentialId: null });
  // Readers like the views plugin's with `b` redacted: an agent reads the marker, the human gets `redacted`.
  const hide = (agentReads: boolean) => <T>(value: T): T =>
    JSON.parse(JSON.stringify(value), (_key, v) => (v !== null && typeof v === 'object' && v.id === b ? (agentReads ? { ...v, date: '[redacted]' } : { ...v, redacted: ['persona', 'date'] }) : v));
  const [seen] = agent.projectStateService.digest(undefined, hide(true)).sections.conflicts.items;
  t.same(seen.claims, [{ assertion: a, value: null, date: '1850', place: null }, { assertion: b, value: null, date: '[redacted]', place: null }]);
  t.equal(seen.disagreement, 'Not shown: a claim of this conflict is redacted', 'the disagreement quotes the hidden date');
  const [shown] = human.projectStateService.digest(undefined, hide(false)).sections.conflicts.items;
  t.same(shown.claims[1], { assertion: b, value: null, date: '1870', place: null, redacted: ['date'] }, 'the human reads the value, marked');
  t.match(shown.disagreement, /1870/);
  const [plain] = agent.projectStateService.digest(undefined, (value) => value).sections.conflicts.items;
  t.match(plain.disagreement, /1870/, 'nothing hidden: the disagreement as it is');

  await d.resolve(seen.id, await d.argument('Born 1850', []));
  const [settled] = agent.settledService.settled(hide(true)).settled.resolved_conflicts.items;
  t.same([settled.claims[1].date, settled.disagreement], ['[redacted]', 'Not shown: a claim of this conflict is redacted']);
  const [settledHuman] = human.settledService.settled(hide(false)).settled.resolved_conflicts.items;
  t.same([(settledHuman.claims[1] as { redacted?: string[] }).redacted, settledHuman.disagreement.includes('1870')], [['date'], true]);
  const reply = await s.request('GET', '/v1/project/state', { query: { since: (await d.state()).cursor }, token: s.agentToken });
  t.equal(reply.statusCode, 200, 'the route hands the kernel\'s read filters (none here) to the digest');
});
