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
  t.match(s.records({ kind: 'persona.removed' }), [{ kind: 'persona.removed.v1', entity_type: 'persona', entity_id: gone.id, payload: { reason: 'import undone' } }]);
  t.equal(personas.remove(actor, gone.id, 'again'), false);
  t.equal(s.records({ kind: 'persona.removed' }).length, 1);
});

t.test('a caller without the route\'s schema cannot slip in a blank name', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-sources', '@rootline/plugin-personas'] });
  const personas = s.server.kernel.servicesFor(s.server.kernel.trees.active(), actor).personasService;
  const records = s.records().length;
  t.throws(() => personas.create(actor, { given: '   ', surname: '\t' }), { code: 'validation-failed' }, 'blank pieces are no name');
  t.throws(() => personas.create(actor, { name: ' ' }), { code: 'validation-failed' }, 'a blank written name is no name');
  const mary = personas.create(actor, { given: 'Mary' });
  t.throws(() => personas.setNamePieces(actor, mary.id, { given: '  ' }), { code: 'validation-failed' }, 'blank pieces would erase the only name');
  t.equal(personas.get(mary.id)?.name.given, 'Mary');
  const written = personas.create(actor, { name: 'Mary Ann Shaw', given: 'Mary' });
  t.equal(personas.setNamePieces(actor, written.id, {}).name.display, 'Mary Ann Shaw', 'with a written name, every piece may go');
  t.throws(() => personas.create(actor, { given: 'X', sex: 'male' as never }), {
    code: 'validation-failed',
    detail: 'sex "male" is not a GEDCOM value (M, F, X, U)',
    errors: [{ location: 'body', name: 'sex', message: 'must be M, F, X or U' }],
  }, 'a sex that is not GEDCOM\'s, said so');
  t.equal(s.records().length, records + 3, 'two personas and one change of pieces recorded, nothing for the refusals');
});
