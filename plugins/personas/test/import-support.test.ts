import t from 'tap';
import { buildTestServer } from '@rootline/kernel/testing';

const actor = { kind: 'human' as const, credentialId: null };

t.test('create takes every name piece, and a nameless persona only when asked (a GEDCOM INDI without NAME)', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-sources', '@rootline/plugin-personas'] });
  const personas = s.server.kernel.servicesFor(s.server.kernel.trees.active(), actor).personasService;
  const full = personas.create(actor, { name: 'Dr. Jan van der Berg Jr.', prefix: 'Dr.', given: 'Jan', nickname: 'Jantje', surname_prefix: 'van der', surname: 'Berg', suffix: 'Jr.', sex: 'M' });
  t.same(full.name, { display: 'Dr. Jan “Jantje” van der Berg Jr.', as_written: 'Dr. Jan van der Berg Jr.', prefix: 'Dr.', given: 'Jan', nickname: 'Jantje', surname_prefix: 'van der', surname: 'Berg', suffix: 'Jr.' });
  t.throws(() => personas.create(actor, { sex: 'F' }), { code: 'validation-failed' }, 'still refused without the option');
  const nameless = personas.create(actor, { sex: 'F' }, { allowNameless: true });
  t.same(nameless.name, { display: '', as_written: null, prefix: null, given: null, nickname: null, surname_prefix: null, surname: null, suffix: null });
  t.equal(nameless.sex, 'F');
});

t.test('remove deletes the persona and records it; an unknown id is false', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-sources', '@rootline/plugin-personas'] });
  const personas = s.server.kernel.servicesFor(s.server.kernel.trees.active(), actor).personasService;
  const kept = personas.create(actor, { given: 'Kept' });
  const gone = personas.create(actor, { given: 'Gone' });
  t.equal(personas.remove(actor, gone.id, 'import undone'), true);
  t.equal(personas.exists(gone.id), false);
  t.equal(personas.exists(kept.id), true);
  t.match(s.records({ kind: 'persona.removed' }), [{ entity_id: gone.id, payload: { reason: 'import undone' } }]);
  t.equal(personas.remove(actor, gone.id, 'again'), false);
  t.equal(s.records({ kind: 'persona.removed' }).length, 1);
});
