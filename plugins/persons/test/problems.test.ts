import t from 'tap';
import { ok, persona, personsServer, UNKNOWN } from './fixtures/helpers.js';

/** What a client reads in each refusal of the persons routes: the code, the title and a detail naming what is at fault. */
t.test('conclude and split refusals name the personas and persons at fault', async (t) => {
  const s = await personsServer(t);
  const [a, b, c, stranger] = [await persona(s, { given: 'Ann' }), await persona(s, { given: 'Anne' }), await persona(s, { given: 'Anna' }), await persona(s, { given: 'Bob' })];
  const person = await ok(s.request('POST', '/v1/persons', { body: { personas: [a, b] } }), 201);

  const taken = (await s.request('POST', '/v1/persons', { body: { personas: [c, b] } })).json();
  t.same(taken, {
    type: 'urn:rootline:problem:persona-already-concluded', status: 409, code: 'persona-already-concluded', title: 'A persona is already concluded into a person',
    detail: `Persona ${b} is already concluded into person ${person.id}; retract or split that person first`, instance: '/v1/persons', persona: b, person: person.id,
  });
  t.match((await s.request('POST', '/v1/persons', { body: { personas: [c, UNKNOWN] } })).json(), { status: 404, entity: 'persona', detail: `There is no persona ${UNKNOWN} in this tree` });

  const split = (personas: string[]) => s.request('POST', `/v1/persons/${person.id}/split`, { body: { personas } });
  t.same((await split([stranger, a, UNKNOWN])).json(), {
    type: 'urn:rootline:problem:invalid-split', status: 422, code: 'invalid-split', title: "A split takes a strict, non-empty subset of the person's personas",
    detail: `Not personas of person ${person.id}: ${stranger}, ${UNKNOWN}`, instance: `/v1/persons/${person.id}/split`, personas: [stranger, UNKNOWN],
  });
  t.match((await split([a, b])).json(), { status: 422, code: 'invalid-split', title: "A split takes a strict, non-empty subset of the person's personas", detail: `The split would take every persona of person ${person.id}; leave at least one` });
  t.match((await s.request('POST', `/v1/persons/${UNKNOWN}/split`, { body: { personas: [a] } })).json(), { status: 404, entity: 'person', detail: `There is no person ${UNKNOWN} in this tree` });
  t.match((await s.request('GET', `/v1/persons/${UNKNOWN}`)).json(), { status: 404, entity: 'person', detail: `There is no person ${UNKNOWN} in this tree` });
});

t.test('an unknown sort or order is named, with the values allowed', async (t) => {
  const s = await personsServer(t);
  t.match((await s.request('GET', '/v1/persons', { query: { sort: 'age' } })).json(), {
    status: 400, code: 'invalid-sort', detail: 'Unknown sort "age": use one of name, surname, birth, updated',
    errors: [{ location: 'query', name: 'sort', message: 'must be one of name, surname, birth, updated' }],
  });
  t.match((await s.request('GET', '/v1/persons', { query: { order: 'up' } })).json(), {
    status: 400, code: 'invalid-order', detail: 'Unknown order "up": use asc or desc', errors: [{ location: 'query', name: 'order', message: 'must be asc or desc' }],
  });
  for (const order of ['asc', 'desc']) t.equal((await s.request('GET', '/v1/persons', { query: { order } })).statusCode, 200, order);
});
