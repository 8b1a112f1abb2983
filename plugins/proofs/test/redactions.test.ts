import t from 'tap';
import { newArgument, newCitation, newClaim, newPersona, newSource, proofServer } from './fixtures/helpers.js';

/** Proofs with the real views plugin (redactions) and what views reads, in manifest order after proofs' own. */
const WITH_VIEWS = ['@rootline/plugin-persons', '@rootline/plugin-family', '@rootline/plugin-events', '@rootline/plugin-views'];

/**
 * A claim redacted whole reads "[redacted]" in every field but its id for an agent, its source
 * and citation (objects for the human) included: the reply must still be sent (it was a 500,
 * the schema allowing only an object or null there), and quote nothing of the claim.
 */
t.test('a claim redacted whole: the agent reads the marker in every field, source and citation too; the human the values, flagged', async (t) => {
  const s = await proofServer(t, { plugins: WITH_VIEWS });
  const persona = await newPersona(s);
  const register = await newSource(s, 'Ledbury parish register');
  const citation = await newCitation(s, register, { page: 'folio 12' });
  const secret = await newClaim(s, { persona, date: '1870', place: 'Ledbury', source: register, citation });
  const open = await newClaim(s, { persona, date: '1850', place: 'Hereford' });
  const argument = await newArgument(s, { title: 'When was William born?', text: 'The register is the better witness.', assertions: [secret, open] });
  const redaction = await s.request('POST', '/v1/redactions', { body: { target: secret, reason: 'A living relative asked' } });
  t.equal(redaction.statusCode, 201, redaction.body);

  const agent = await s.request('GET', `/v1/proof-arguments/${argument.id}`, { token: s.agentToken });
  t.equal(agent.statusCode, 200, agent.body);
  for (const quoted of ['1870', 'Ledbury', register, citation, 'folio 12']) t.notOk(agent.body.includes(quoted), `the agent's reply does not quote ${quoted}`);
  const [hidden, shown] = agent.json().claims;
  t.equal(hidden.assertion, secret, 'the claim keeps its id');
  for (const field of ['persona', 'kind', 'value', 'date', 'place', 'status', 'source', 'citation']) t.equal(hidden[field], '[redacted]', `agent: ${field}`);
  t.notOk('redacted' in hidden, 'an agent is not told which fields');
  t.same([shown.assertion, shown.date, shown.place], [open, '1850', 'Hereford'], 'the other claim is read as it is');

  const exported = await s.request('GET', `/v1/proof-arguments/${argument.id}/export`, { token: s.agentToken, headers: { accept: 'text/markdown' } });
  t.equal(exported.statusCode, 200, exported.body);
  for (const quoted of ['1870', 'Ledbury', 'folio 12']) t.notOk(exported.body.includes(quoted), `the agent's export does not quote ${quoted}`);
  t.match(exported.body, /Source not shown \(redacted\)\./, 'the footnote says the source is not shown');
  const humanExport = await s.request('GET', `/v1/proof-arguments/${argument.id}/export`, { headers: { accept: 'text/markdown' } });
  t.match(humanExport.body, /Ledbury parish register/, 'the human\'s export cites the register');

  const human = (await s.request('GET', `/v1/proof-arguments/${argument.id}`)).json().claims[0];
  t.same([human.date, human.place, human.source.id, human.citation.id], ['1870', 'Ledbury', register, citation]);
  t.ok(human.redacted.includes('source') && human.redacted.includes('date'), 'the human sees the fields flagged');
});

t.test('a claim\'s source redacted alone: the agent reads the marker for the source, the rest as it is', async (t) => {
  const s = await proofServer(t, { plugins: WITH_VIEWS });
  const persona = await newPersona(s);
  const register = await newSource(s, 'Ledbury parish register');
  const secret = await newClaim(s, { persona, date: '1870', source: register });
  const argument = await newArgument(s, { title: 'Birth', text: 'One witness.', assertions: [secret] });
  t.equal((await s.request('POST', '/v1/redactions', { body: { target: secret, field: 'source', reason: 'Private register' } })).statusCode, 201);
  const agent = await s.request('GET', `/v1/proof-arguments/${argument.id}`, { token: s.agentToken });
  t.equal(agent.statusCode, 200, agent.body);
  const [claim] = agent.json().claims;
  t.equal(claim.source, '[redacted]');
  t.equal(claim.date, '1870');
  t.notOk(agent.body.includes(register));
});
