import t from 'tap';
import { buildTestServer, type TestServer } from '@rootline/kernel/testing';
import { claim, conclude, conflictsServer, ok, otherTree, persona, proofArgument, source } from './fixtures/helpers.js';

/** Whether a body quotes the date 1870 itself: not digits inside an id, a timestamp or a cursor (1795828718700 holds "1870"). */
const quotesTheDate = (body: string) => /(?<![\w-])1870(?![\w-])/.test(body);

/** Conflicts and the views plugin (redactions), with what views reads, in manifest order. */
const WITH_VIEWS = [
  '@rootline/plugin-sources',
  '@rootline/plugin-personas',
  '@rootline/plugin-assertions',
  '@rootline/plugin-persons',
  '@rootline/plugin-family',
  '@rootline/plugin-events',
  '@rootline/plugin-proofs',
  '@rootline/plugin-conflicts',
  '@rootline/plugin-views',
];

const HIDDEN = 'Not shown: a claim of this conflict is redacted';

/**
 * Two birth claims on personas concluded into one person (a conflict opens between them), the
 * second with a date, a place and a source only it has: `1870` and `Ledbury` quote nothing else.
 */
async function seed(s: TestServer, prefix: string) {
  const [a, b] = [await persona(s, undefined, prefix), await persona(s, undefined, prefix)];
  const register = await source(s, 'Ledbury parish register', prefix);
  const open = await claim(s, { persona: a, kind: 'birth', date: '1850', place: 'Hereford' }, 'human', prefix);
  const secret = await claim(s, { persona: b, kind: 'birth', date: '1870', place: 'Ledbury', source: register }, 'human', prefix);
  const person = (await conclude(s, [a, b], prefix)).id as string;
  return { open, secret, person };
}

const read = async (s: TestServer, path: string, as: 'human' | 'agent') => {
  const reply = await s.request('GET', path, { token: as === 'agent' ? s.agentToken : undefined });
  if (reply.statusCode !== 200) throw new Error(`${path}: ${reply.statusCode} ${reply.body}`);
  return reply.body;
};

/** The list (whole tree, by person, by persona) and the conflict, each as the raw body text. */
const bodies = async (s: TestServer, prefix: string, id: string, person: string, as: 'human' | 'agent') => [
  await read(s, `${prefix}/conflicts`, as),
  await read(s, `${prefix}/conflicts?person=${person}`, as),
  await read(s, `${prefix}/conflicts/${id}`, as),
];

async function mounts(s: TestServer) {
  return [
    { name: 'the active tree', prefix: '/v1' },
    { name: 'a pinned tree', prefix: (await otherTree(s)).prefix },
  ];
}

t.test('a claim redacted whole: the agent reads the marker and no disagreement, the human the values, flagged', async (t) => {
  const s = await buildTestServer(t, { plugins: WITH_VIEWS });
  for (const { name, prefix } of await mounts(s)) {
    const { open, secret, person } = await seed(s, prefix);
    const [conflict] = JSON.parse(await read(s, `${prefix}/conflicts`, 'human')).items;
    t.match(conflict.disagreement.detail, /1870/, `${name}: the disagreement quotes the date before the redaction`);
    await ok(s.request('POST', `${prefix}/redactions`, { body: { target: secret, reason: 'A living relative asked' } }), 201);

    for (const body of await bodies(s, prefix, conflict.id, person, 'agent')) {
      t.notOk(quotesTheDate(body), `${name}: the redacted date reaches the agent nowhere`);
      t.notOk(body.includes('Ledbury'), `${name}: nor the redacted place, nor the source it cites`);
    }
    const agent = JSON.parse(await read(s, `${prefix}/conflicts/${conflict.id}`, 'agent'));
    t.match(agent.claims[0], { assertion: open, date: '1850', place: 'Hereford' }, `${name}: the other claim is shown`);
    t.notOk('redacted' in agent.claims[0]);
    t.same(agent.claims[1], { assertion: secret, persona: '[redacted]', value: '[redacted]', date: '[redacted]', place: '[redacted]', source: '[redacted]' });
    t.notOk('redacted' in agent.claims[1], `${name}: an agent is not told which fields`);
    t.same(agent.disagreement, { on: ['date', 'place'], detail: HIDDEN }, `${name}: the disagreement quotes the claims: hidden`);
    t.same(JSON.parse(await read(s, `${prefix}/conflicts`, 'agent')).items, [agent], `${name}: the list reads as the conflict does`);

    for (const body of await bodies(s, prefix, conflict.id, person, 'human')) t.ok(body.includes('1870') && body.includes('Ledbury'), `${name}: the human reads the values`);
    const human = JSON.parse(await read(s, `${prefix}/conflicts/${conflict.id}`, 'human'));
    t.match(human.claims[1], { assertion: secret, date: '1870', place: 'Ledbury', source: { title: 'Ledbury parish register' } });
    t.same(human.claims[1].redacted, ['persona', 'value', 'date', 'place', 'source'], `${name}: flagged`);
    t.notOk('redacted' in human.claims[0]);
    t.equal(human.disagreement.detail, conflict.disagreement.detail, `${name}: the human reads the disagreement`);

    // Settled by the human: the reply flags the claim; an agent still reads neither the date nor the disagreement.
    const argument = await proofArgument(s, [], prefix);
    const resolved = await ok(s.request('POST', `${prefix}/conflicts/${conflict.id}/resolution`, { body: { proof_argument: argument } }));
    t.match(resolved, { status: 'resolved', claims: [{ assertion: open }, { assertion: secret, date: '1870', redacted: ['persona', 'value', 'date', 'place', 'source'] }] });
    const settled = await read(s, `${prefix}/conflicts/${conflict.id}`, 'agent');
    t.match(JSON.parse(settled), { status: 'resolved', disagreement: { detail: HIDDEN } });
    t.notOk(quotesTheDate(settled), `${name}: a resolved conflict keeps the date from the agent`);
  }
});

t.test('a claim\'s date redacted: the agent reads the rest of the claim, the date nowhere', async (t) => {
  const s = await buildTestServer(t, { plugins: WITH_VIEWS });
  for (const { name, prefix } of await mounts(s)) {
    const { secret, person } = await seed(s, prefix);
    await ok(s.request('POST', `${prefix}/redactions`, { body: { target: secret, field: 'date', reason: 'A living relative asked' } }), 201);
    const [conflict] = JSON.parse(await read(s, `${prefix}/conflicts`, 'human')).items;

    for (const body of await bodies(s, prefix, conflict.id, person, 'agent')) t.notOk(quotesTheDate(body), `${name}: the redacted date reaches the agent nowhere`);
    const agent = JSON.parse(await read(s, `${prefix}/conflicts/${conflict.id}`, 'agent'));
    t.match(agent.claims[1], { assertion: secret, date: '[redacted]', place: 'Ledbury', value: null, source: { title: 'Ledbury parish register' } }, `${name}: only the date is hidden`);
    t.equal(agent.disagreement.detail, HIDDEN);

    const human = JSON.parse(await read(s, `${prefix}/conflicts/${conflict.id}`, 'human'));
    t.match(human.claims[1], { assertion: secret, date: '1870', place: 'Ledbury', redacted: ['date'] }, `${name}: the human reads the date, flagged`);
    t.match(human.disagreement.detail, /1870/);
  }
});

t.test('without redactions (or without the views plugin) an agent reads conflicts as the human does', async (t) => {
  for (const plugins of [WITH_VIEWS, undefined]) {
    const s = plugins ? await buildTestServer(t, { plugins }) : await conflictsServer(t);
    const { person } = await seed(s, '/v1');
    const [conflict] = JSON.parse(await read(s, '/v1/conflicts', 'human')).items;
    t.same(await bodies(s, '/v1', conflict.id, person, 'agent'), await bodies(s, '/v1', conflict.id, person, 'human'));
    t.match(conflict.disagreement.detail, /1870/);
  }
});
