import t from 'tap';
import { UNKNOWN, World } from './fixtures/world.js';

/** What a client reads in each refusal of the events routes: the code, the title, a detail naming what is at fault, the field. */
t.test('events: an unknown type, a participant twice, a correction with nothing or no change', async (t) => {
  const w = await World.boot(t);
  const mary = await w.person('Mary Jones');
  const before = w.written();
  t.same((await w.request('POST', '/events', { body: { type: 'NOPE', date: '1851' } })).json(), {
    type: 'urn:rootline:problem:validation-failed', status: 400, code: 'validation-failed', title: 'The request is not valid',
    detail: 'body type "NOPE" is not a GEDCOM event tag, an extension tag (_TAG) or a custom type written custom:<text>', instance: '/v1/events',
    errors: [{ location: 'body', name: 'type', message: '"NOPE" is not a GEDCOM event tag, an extension tag (_TAG) or a custom type written custom:<text>' }],
  });
  const twice = (await w.request('POST', '/events', { body: { type: 'BAPM', participants: [{ person: mary.id, role: 'witness' }, { person: mary.id, role: 'witness' }] } })).json();
  t.match(twice, { status: 409, code: 'participant-exists', title: 'That participant already takes part in the event in that role', role: 'witness', detail: new RegExp(`^${mary.id} already takes part in event ${twice.event} as witness$`) });
  t.same(w.written(), before, 'nothing written');

  const event = await w.event({ type: 'BAPM', date: '1851', place: 'Ledbury', participants: [{ person: mary.id, role: 'principal' }] });
  const again = (await w.request('POST', `/events/${event.id}/participants`, { body: { person: mary.id, role: 'principal' } })).json();
  t.same(again, {
    type: 'urn:rootline:problem:participant-exists', status: 409, code: 'participant-exists', title: 'That participant already takes part in the event in that role',
    detail: `${mary.id} already takes part in event ${event.id} as principal`, instance: `/v1/events/${event.id}/participants`, event: event.id, role: 'principal',
  });
  const nothing = (await w.request('POST', `/events/${event.id}/corrections`, { body: { reason: 'tidy' } })).json();
  t.match(nothing, {
    status: 400, code: 'validation-failed', detail: 'body reason comes with nothing to correct: give at least one of type, date, place, description',
    errors: [{ location: 'body', name: 'reason', message: 'comes with nothing to correct: give at least one of type, date, place, description' }],
  });
  t.same((await w.request('POST', `/events/${event.id}/corrections`, { body: { place: 'Ledbury', reason: 'tidy' } })).json(), {
    type: 'urn:rootline:problem:correction-changes-nothing', status: 422, code: 'correction-changes-nothing', title: 'The correction changes nothing',
    detail: `Every value given is already the current value of event ${event.id}`, instance: `/v1/events/${event.id}/corrections`, event: event.id,
  });
  t.match((await w.request('POST', `/events/${event.id}/corrections`, { body: { type: 'NOPE', reason: 'x' } })).json(), { status: 400, errors: [{ location: 'body', name: 'type' }], detail: /"NOPE" is not a GEDCOM event tag/ });
  t.match((await w.request('POST', `/events/${UNKNOWN}/participants`, { body: { person: mary.id, role: 'witness' } })).json(), { status: 404, entity: 'event', detail: `There is no event ${UNKNOWN} in this tree` });
  t.match((await w.request('POST', `/events/${event.id}/participants`, { body: { person: UNKNOWN, role: 'witness' } })).json(), { status: 404, entity: 'person', detail: `There is no person ${UNKNOWN} in this tree` });
});

t.test('associations and the FAN view: with itself, a reversed window, no focus or two', async (t) => {
  const w = await World.boot(t);
  const ann = await w.person('Ann Price');
  t.match((await w.request('POST', '/associations', { body: { from: ann.id, to: ann.id, role: 'friend' } })).json(), {
    status: 422, code: 'association-self', title: 'An association needs two different people', detail: `${ann.id} cannot be associated with itself`,
  });
  const reversed = (await w.request('GET', `/persons/${ann.id}/fan-network`, { query: { window_start: 1900, window_end: 1850 } })).json();
  t.match(reversed, { status: 400, code: 'validation-failed', detail: 'window_start 1900 is after window_end 1850', errors: [{ location: 'query', name: 'window_start', message: 'must not be after window_end (1850)' }] });
  t.equal((await w.request('GET', `/persons/${ann.id}/fan-network`, { query: { window_start: 1850, window_end: 1850 } })).statusCode, 200, 'a one-year window');
  for (const query of [{}, { person_id: ann.id, persona_id: ann.personas[0] }] as Record<string, string>[]) {
    t.match((await w.request('GET', '/fan/query', { query })).json(), {
      status: 400, code: 'validation-failed', detail: 'Give exactly one of person_id or persona_id',
      errors: [{ location: 'query', name: 'person_id', message: 'exactly one of person_id or persona_id is required' }],
    }, JSON.stringify(query).slice(0, 40));
  }
  t.equal((await w.request('GET', '/fan/query', { query: { persona_id: ann.personas[0] } })).statusCode, 200);
});
