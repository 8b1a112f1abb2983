import t from 'tap';
import { MARKER, capture, countRows, newPeople, viewsServer } from './fixtures/helpers.js';

t.test('redactions of a merged person hide the same fields on the survivor, and go back when the merge is reversed', async (t) => {
  const s = await viewsServer(t);
  const survivor = await newPeople(s, '/v1', 'William');
  const merged = await newPeople(s, '/v1', 'Will');
  await capture(s, '/v1', { persona: merged.persona, kind: 'birth', date: '1950', place: 'Ledbury' });
  const redact = async (target: string, field: string) => (await s.request('POST', '/v1/redactions', { body: { target, field, reason: 'Living person' } })).json().id as string;
  const birth = await redact(merged.person, 'birth');
  const sameField = await redact(merged.person, 'living');
  const survivorsOwn = await redact(survivor.person, 'living');
  const agentRead = async (id: string) => (await s.request('GET', `/v1/persons/${id}`, { token: s.agentToken })).json();

  t.equal((await s.request('POST', '/v1/persons/merge', { body: { survivor: survivor.person, merged: merged.person } })).statusCode, 200);
  const seen = await agentRead(survivor.person);
  t.equal(seen.birth, MARKER, 'the merged person\'s birth, now the survivor\'s, stays hidden from agents');
  t.equal(seen.living, MARKER);
  const targets = () => Object.fromEntries((s.server.kernel.trees.active().db.prepare('SELECT id, target FROM redactions').all() as { id: string; target: string }[]).map((row) => [row.id, row.target]));
  t.same(targets(), { [birth]: survivor.person, [sameField]: merged.person, [survivorsOwn]: survivor.person }, 'a field the survivor already hides is not moved');
  t.not((await s.request('GET', `/v1/persons/${survivor.person}`)).json().birth, MARKER, 'the human reads everything');

  t.equal((await s.request('POST', `/v1/persons/${survivor.person}/split`, { body: { personas: [merged.persona] } })).statusCode, 200);
  t.same(targets(), { [birth]: merged.person, [sameField]: merged.person, [survivorsOwn]: survivor.person }, 'each redaction on its own person again');
  t.equal((await agentRead(merged.person)).birth, MARKER);
  t.equal((await agentRead(survivor.person)).birth, null, 'the survivor has no birth of its own to hide');
  t.equal(countRows(s, 'redaction_merges'), 0);
});
