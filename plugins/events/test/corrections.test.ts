import t from 'tap';
import { World, UNKNOWN } from './fixtures/world.js';

t.test('corrections are append-only: the event shows current values, corrections keep the earlier ones with reason, actor and time', async (t) => {
  const active = await World.boot(t);
  const pinned = await active.pinned();
  for (const w of [active, pinned]) {
    const event = await w.event({ type: 'CHR', date: '12 MAR 1815', place: 'Ledbury', description: 'From the bishop’s transcript' });

    const first = await w.request('POST', `/events/${event.id}/corrections`, { body: { date: '12 MAR 1851', reason: 'Transcription error: the register reads 1851' } });
    t.equal(first.statusCode, 201, w.prefix);
    t.match(first.json(), { type: 'CHR', date: '12 MAR 1851', sort_date: '1851-03-12:32', place: 'Ledbury', description: 'From the bishop’s transcript' });
    t.match(first.json().corrections, [{
      id: String,
      previous: { date: '12 MAR 1815' },
      values: { date: '12 MAR 1851' },
      reason: 'Transcription error: the register reads 1851',
      actor: { kind: 'human', credential_id: String },
      at_ms: Number,
    }]);
    t.same(Object.keys(first.json().corrections[0].previous), ['date'], 'only the corrected field');

    const second = await w.request('POST', `/events/${event.id}/corrections`, {
      token: w.s.agentToken,
      headers: { 'x-proposer-model': 'example-model-1' },
      body: { type: 'bapm', place: 'Ledbury, Herefordshire', description: null, date: '12 MAR 1851', reason: 'The entry is a baptism; the county added' },
    });
    t.equal(second.statusCode, 201);
    const now = second.json();
    t.match(now, { type: 'BAPM', date: '12 MAR 1851', place: 'Ledbury, Herefordshire', description: null });
    t.equal(now.corrections.length, 2, 'both corrections, oldest first');
    t.same(now.corrections[1].previous, { type: 'CHR', place: 'Ledbury', description: 'From the bishop’s transcript' }, 'the unchanged date is not a correction');
    t.same(now.corrections[1].values, { type: 'BAPM', place: 'Ledbury, Herefordshire', description: null });
    t.match(now.corrections[1].actor, { kind: 'agent', credential_id: w.s.agentCredentialId, proposer: 'example-model-1' });
    t.same(now.corrections[0], first.json().corrections[0], 'the earlier correction is untouched');

    const third = (await w.request('POST', `/events/${event.id}/corrections`, { body: { date: '(spring, year torn off)', reason: 'The year is not legible after all' } })).json();
    t.same([third.date, third.sort_date], ['(spring, year torn off)', null], 'a phrase replaces the date and is kept');
    const cleared = (await w.request('POST', `/events/${event.id}/corrections`, { body: { date: null, reason: 'No date can be read' } })).json();
    t.same([cleared.date, cleared.sort_date, cleared.corrections[3].previous], [null, null, { date: '(spring, year torn off)' }]);

    t.same((await w.request('GET', `/events/${event.id}`)).json(), cleared, 'GET shows the same history');
    const records = w.s.records({ kind: 'event.corrected', treeId: w.treeId });
    t.equal(records.length, 4);
    t.match(records.at(-1), { entity_id: event.id, payload: { previous: { date: '12 MAR 1815' }, values: { date: '12 MAR 1851' }, reason: 'Transcription error: the register reads 1851' } });
    const db = w.s.server.kernel.trees.get(w.treeId)!.db;
    t.equal(db.prepare('SELECT count(*) FROM event_corrections WHERE event = ?').pluck().get(event.id), 4, 'four rows, none rewritten');
  }
});

t.test('refused corrections write nothing', async (t) => {
  const w = await World.boot(t);
  const event = await w.event({ type: 'DEAT', date: '1 JAN 1900', place: 'Hereford' });
  const before = w.written();
  const cases: [string, string, unknown, number, string][] = [
    ['no reason', event.id, { date: '2 JAN 1900' }, 400, 'validation-failed'],
    ['blank reason', event.id, { date: '2 JAN 1900', reason: '  ' }, 400, 'validation-failed'],
    ['nothing to correct', event.id, { reason: 'just because' }, 400, 'validation-failed'],
    ['type cannot be removed', event.id, { type: null, reason: 'x' }, 400, 'validation-failed'],
    ['unknown type', event.id, { type: 'DEATH', reason: 'x' }, 400, 'validation-failed'],
    ['unknown field', event.id, { sort_date: '1900', reason: 'x' }, 400, 'validation-failed'],
    ['participants are not corrected here', event.id, { participants: [], reason: 'x' }, 400, 'validation-failed'],
    ['unknown event', UNKNOWN, { date: '2 JAN 1900', reason: 'x' }, 404, 'not-found'],
    ['the same values', event.id, { date: ' 1 JAN 1900 ', place: 'Hereford', type: 'deat', reason: 'x' }, 422, 'correction-changes-nothing'],
  ];
  for (const [name, id, body, status, code] of cases) {
    const reply = await w.request('POST', `/events/${id}/corrections`, { body });
    t.equal(reply.statusCode, status, name);
    t.equal(reply.json().code, code, name);
  }
  t.same(w.written(), before);
  t.same((await w.request('GET', `/events/${event.id}`)).json().corrections, []);
});

t.test('a corrected place is stored trimmed, as on create; a description as written', async (t) => {
  const w = await World.boot(t);
  const event = await w.event({ type: 'BAPM', place: 'Ledbury' });
  const reply = await w.request('POST', `/events/${event.id}/corrections`, { body: { place: '  Ledbury, Herefordshire ', description: ' As written ', reason: 'The county added' } });
  t.equal(reply.statusCode, 201);
  t.match(reply.json(), { place: 'Ledbury, Herefordshire', description: ' As written ' });
  t.same(reply.json().corrections[0].values, { place: 'Ledbury, Herefordshire', description: ' As written ' }, 'the correction keeps what was stored');
  const removed = await w.request('POST', `/events/${event.id}/corrections`, { body: { place: null, reason: 'The place was a guess' } });
  t.equal(removed.statusCode, 201);
  t.equal(removed.json().place, null, 'null removes the place');
});
