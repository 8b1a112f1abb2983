import t from 'tap';
import { systemActor } from '@rootline/kernel';
import { capture, claimIn, evidenceServer, newCitation, newPersona, newSource } from './fixtures/helpers.js';

t.test('the reads the research signals make: the whole tree, or the personas or claims asked for', async (t) => {
  const s = await evidenceServer(t);
  const source = await newSource(s);
  const [sourced, cited, refutedOnly, bare, other] = [await newPersona(s, 'Sourced'), await newPersona(s, 'Cited'), await newPersona(s, 'Refuted'), await newPersona(s, 'Bare'), await newPersona(s, 'Other')];
  const birth = (await capture(s, { persona: sourced, kind: 'birth', date: '12 MAR 1851', source })).id as string;
  const baptism = (await capture(s, { persona: cited, kind: 'baptism', date: '1851', citation: await newCitation(s, source) }, 'agent')).id as string;
  await claimIn(s, refutedOnly, 'refuted', source);
  const plain = (await capture(s, { persona: bare, kind: 'marriage', date: 'ABT 1875' })).id as string;
  const undated = (await capture(s, { persona: bare, kind: 'birth' })).id as string;
  const withUrl = (await capture(s, { persona: other, kind: 'occupation', value: 'Weaver' })).id as string;
  await s.request('POST', `/v1/assertions/${withUrl}/attach-evidence`, { body: { kind: 'url', url: 'https://example.org/weavers' } });
  const pendingBare = (await capture(s, { persona: other, kind: 'residence', place: 'Ledbury' }, 'agent')).id as string;

  const assertions = s.server.kernel.servicesFor(s.server.kernel.trees.active(), systemActor).assertionsService;
  const sorted = <T>(rows: Iterable<T>) => [...rows].map((row) => JSON.stringify(row)).sort();
  t.same(sorted(assertions.sourcedPersonas()), sorted([sourced, cited]), 'a standing claim citing a source or a citation; a refuted one does not count');
  t.same(sorted(assertions.sourcedPersonas([cited, bare, refutedOnly])), sorted([cited]), 'of the personas asked for');
  t.same(sorted(assertions.sourcedPersonas([])), []);

  const claim = (id: string) => s.server.kernel.trees.active().db.prepare('SELECT id, persona, kind, status, date, created_at_ms FROM assertions WHERE id = ?').raw(true).get(id);
  const kinds = ['birth', 'baptism', 'marriage'];
  t.same(sorted(assertions.datedClaimRows(kinds)), sorted([birth, baptism, plain].map(claim)), 'standing claims of those kinds with a date, pending ones too');
  t.same(sorted(assertions.datedClaimRows(kinds, [bare])), sorted([claim(plain)]), 'of the personas asked for');
  t.same(sorted(assertions.datedClaimRows(['birth'], [sourced, cited])), sorted([claim(birth)]), 'kinds still apply');

  const unevidenced = (id: string) => {
    const [claimId, persona, , , , created] = claim(id) as unknown[];
    return [claimId, persona, created];
  };
  t.same(sorted(assertions.unevidencedClaimRows()), sorted([plain, undated].map(unevidenced)), 'confirmed, no source, no citation, no evidence');
  t.same(sorted(assertions.unevidencedClaimRows([plain, birth, withUrl, pendingBare])), sorted([unevidenced(plain)]), 'of the claims asked for');
  t.same(sorted(assertions.unevidencedClaimRows([])), []);
});
