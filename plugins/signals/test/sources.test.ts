import t from 'tap';
import { Desk, ids, signalsServer } from './fixtures/helpers.js';

t.test('sourceless people: no standing claim of any of their personas cites a source', async (t) => {
  const s = await signalsServer(t);
  const d = new Desk(s);
  const registers = await d.source();
  const citation = (await d.post('/citations', { source: registers, elements: { page: '12' } })).id as string;

  const bare = await d.person('Bare', [{ kind: 'birth', date: '1851' }]);
  const sourced = await d.person('Sourced', [{ kind: 'birth', date: '1851', source: registers }, { kind: 'death', date: '1900' }]);
  const cited = await d.person('Cited', [{ kind: 'occupation', value: 'Tailor', citation }]);
  const refuted = await d.person('Refuted', [{ kind: 'birth', date: '1851', source: registers }]);
  await d.post(`/assertions/${refuted.claims[0]}/refute`);
  const proposed = await d.person('Proposed');
  await d.claim(proposed.persona, { kind: 'birth', date: '1851', source: registers }, s.agentToken);
  const noClaims = await d.person('Empty');
  // Evidence without a source (a URL) does not cite one.
  const linked = await d.person('Linked', [{ kind: 'birth', date: '1851' }]);
  await d.post(`/assertions/${linked.claims[0]}/attach-evidence`, { kind: 'url', url: 'https://example.org/baptisms/1851' });
  // Two personas: one is enough.
  const other = await d.persona('Other');
  await d.claim(other, { kind: 'residence', place: 'Ledbury', source: registers });
  const plain = await d.persona('Plain');
  const both = await ok201(d, [plain, other]);
  // A retracted person is nobody's concern.
  const retracted = await d.person('Retracted');
  await d.post(`/persons/${retracted.id}/retract`, {});
  // A persona in no person is not a person.
  await d.persona('Loose');

  const signals = await d.signals();
  const sourceless = signals.sourceless_people;
  const expected = [bare, refuted, noClaims, linked].map((made) => made.id);
  t.equal(sourceless.count, expected.length);
  t.same(ids(sourceless), expected, 'oldest first');
  for (const made of [sourced, cited, proposed]) t.notOk(ids(sourceless).includes(made.id));
  t.notOk(ids(sourceless).includes(both), 'a person with one sourced persona is sourced');
  t.same(sourceless.examples[0], { id: bare.id, kind: 'person', label: 'Bare Smyth (1851–)', related: [] });
});

async function ok201(d: Desk, personas: string[]): Promise<string> {
  return (await d.post('/persons', { personas })).id;
}

t.test('conclusions without evidence: confirmed claims with no source, no citation and no evidence', async (t) => {
  const s = await signalsServer(t);
  const d = new Desk(s);
  const registers = await d.source();
  const citation = (await d.post('/citations', { source: registers, elements: { page: '12' } })).id as string;
  const william = await d.person('William', [
    { kind: 'birth', date: '12 MAR 1851', place: 'Ledbury' }, // unevidenced
    { kind: 'baptism', date: '1851', source: registers },
    { kind: 'death', date: '1920', citation },
    { kind: 'occupation', value: 'Tailor' }, // evidenced below
    { kind: 'residence', place: 'Hereford' }, // refuted below
  ]);
  await d.post(`/assertions/${william.claims[3]}/attach-evidence`, { kind: 'offline_record', description: 'Family bible, page 3' });
  await d.post(`/assertions/${william.claims[4]}/refute`);
  const pending = await d.claim(william.persona, { kind: 'burial', date: '1920' }, s.agentToken);
  const confirmedLater = await d.claim(william.persona, { kind: 'religion', value: 'Methodist' }, s.agentToken);
  await d.post(`/assertions/${confirmedLater}/confirm`);
  const loose = await d.persona('Loose');
  const looseClaim = await d.claim(loose, { kind: 'birth', date: '1860' });

  const signals = await d.signals();
  const unevidenced = signals.conclusions_without_evidence;
  t.equal(unevidenced.count, 3);
  t.same(ids(unevidenced), [william.claims[0], confirmedLater, looseClaim], 'the oldest first');
  t.notOk(ids(unevidenced).includes(pending), 'a pending claim is no conclusion');
  t.same(unevidenced.examples[0], {
    id: william.claims[0],
    kind: 'assertion',
    label: 'Birth of William Smyth: 12 MAR 1851, Ledbury',
    related: [{ id: william.id, kind: 'person', label: 'William Smyth (1851–1920)' }],
  }, 'the claim, with the person it is about');
  t.same(unevidenced.examples[2].related, [], 'a persona in no person has no person to show');
  t.equal(signals.sourceless_people.count, 0, 'William cites a source');
});
