import t from 'tap';
import type { TestServer } from '@rootline/kernel/testing';
import { conclude, list, ok, otherTree, persona, personNamed, personsServer, walk } from './fixtures/helpers.js';

const names = async (s: TestServer, q: string, prefix = '/v1', extra: Record<string, string> = {}) =>
  (await list(s, { q, ...extra }, prefix)).items.map((item: { display_name: string }) => item.display_name);

t.test('accents, case and special letters do not matter', async (t) => {
  const s = await personsServer(t);
  await personNamed(s, { name: 'Seán Ó Súilleabháin', given: 'Seán', surname: 'Ó Súilleabháin' });
  await personNamed(s, { given: 'Hans', surname: 'Müller' });
  await personNamed(s, { given: 'Søren', surname: 'Kierkegaard' });
  await personNamed(s, { given: 'Ludwig', surname: 'Straße' });
  await personNamed(s, { given: 'Łucja', surname: 'Đorđević' });
  await personNamed(s, { given: 'Æthelflæd' });
  await personNamed(s, { given: 'John', surname: 'Miller' });

  t.same(await names(s, 'O Suilleabhain'), ['Seán Ó Súilleabháin']);
  t.same(await names(s, 'Muller'), ['Hans Müller']);
  t.same(await names(s, 'MÜLLER'), ['Hans Müller'], 'accents in the query are folded too');
  t.same(await names(s, 'muller hans'), ['Hans Müller'], 'every word must match, in any order');
  t.same(await names(s, 'soren'), ['Søren Kierkegaard']);
  t.same(await names(s, 'strasse'), ['Ludwig Straße']);
  t.same(await names(s, 'lucja dordevic'), ['Łucja Đorđević']);
  t.same(await names(s, 'aethelflaed'), ['Æthelflæd']);
  t.same(await names(s, 'sean o s'), ['Seán Ó Súilleabháin'], 'short words match as prefixes');
  t.same(await names(s, 'o leab'), ['Seán Ó Súilleabháin'], 'a substring hit keeps its short words as word starts');
  t.same(await names(s, 'x leab'), [], 'and needs them');
  t.same(await names(s, 'xyzzy'), []);
  const none = await list(s, { q: '--' });
  t.same(none, { items: [], next_cursor: null, total: 0 }, 'a query without a word matches nothing');
});

t.test('prefix hits come before substring hits; every name piece of every persona is searched', async (t) => {
  const s = await personsServer(t);
  const goldsmith = await personNamed(s, { given: 'Anna', surname: 'Goldsmith' });
  const smith = await personNamed(s, { given: 'John', surname: 'Smith' });
  const nick = await persona(s, { given: 'John', surname: 'Berg' });
  await ok(s.request('PUT', `/v1/personas/${nick}/name-pieces`, { body: { prefix: 'Dr.', given: 'John', nickname: 'Smithy', surname_prefix: 'van der', surname: 'Berg', suffix: 'Jr.' } }));
  const berg = await conclude(s, [nick]);

  const page = await list(s, { q: 'smi' });
  t.same(page.items.map((item: { id: string }) => item.id), [smith.id, berg.id, goldsmith.id], 'Smith and "Smithy" start with smi; Goldsmith only contains it');
  t.equal(page.total, 3);
  t.same(await names(s, 'van der'), ['Dr. John “Smithy” van der Berg Jr.'], 'surname prefix');
  t.same(await names(s, 'jr'), ['Dr. John “Smithy” van der Berg Jr.'], 'suffix');
  t.same(await names(s, 'dr john'), ['Dr. John “Smithy” van der Berg Jr.'], 'prefix piece');

  const written = await persona(s, { name: 'Wm. Smyth of Ledbury' });
  const more = await persona(s, { given: 'William', surname: 'Jones' });
  const both = await conclude(s, [more, written]);
  t.same(await names(s, 'ledbury'), [both.display_name], 'the name as written of a second persona is searched');
  t.same(await names(s, 'oldsmi'), ['Anna Goldsmith'], 'substring fallback');
});

t.test('relevance: bm25 within a tier, then creation order; paging walks it', async (t) => {
  const s = await personsServer(t);
  const once = await personNamed(s, { name: 'Mary Catherine Walsh of Ballina', given: 'Mary', surname: 'Walsh' });
  const twice = await conclude(s, [await persona(s, { given: 'Mary', surname: 'Walsh' }), await persona(s, { surname: 'Walsh' })]);
  const a = await personNamed(s, { given: 'Bridget', surname: 'Walsh' });
  const b = await personNamed(s, { given: 'Bridget', surname: 'Walsh' });
  const c = await personNamed(s, { given: 'Bridget', surname: 'Walsh' });
  const inside = await personNamed(s, { given: 'Tom', surname: 'Cornwalsham' });
  const all = await walk(s, { q: 'walsh', limit: 1 });
  const ids = all.map((item) => item.id);
  t.equal(ids.length, 6, 'every hit once');
  t.equal(ids[5], inside.id, 'the substring hit is last');
  t.ok(ids.indexOf(twice.id) < ids.indexOf(once.id), 'a name on two personas ranks above a long name that has it once');
  t.same(ids.filter((id) => [a.id, b.id, c.id].includes(id)), [a.id, b.id, c.id], 'equal scores keep creation (id) order');
  t.same(ids, (await list(s, { q: 'walsh' })).items.map((item: { id: string }) => item.id), 'pages of one match one page of all');
  t.same(ids, (await list(s, { q: 'walsh', sort: 'birth', order: 'desc' })).items.map((item: { id: string }) => item.id), 'with q, sort and order are ignored');
  t.equal((await s.request('GET', '/v1/persons', { query: { q: 'walsh', sort: 'age' } })).json().code, 'invalid-sort', 'but still checked');
});

t.test('a persona\'s name change re-indexes its person, on both mounts', async (t) => {
  const s = await personsServer(t);
  const other = await otherTree(s);
  for (const prefix of ['/v1', other.prefix]) {
    const id = await persona(s, { given: 'Catherine', surname: 'Jenkins' }, prefix);
    const person = await conclude(s, [id], prefix);
    t.same(await names(s, 'jenkins', prefix), ['Catherine Jenkins']);
    await ok(s.request('PUT', `${prefix}/personas/${id}/name-pieces`, { body: { given: 'Kate', surname: 'Jenkyns' } }));
    t.same(await names(s, 'jenkins', prefix), [], 'the old surname is gone from the index');
    t.same(await names(s, 'jenkyns', prefix), ['Kate Jenkyns']);
    t.same(await names(s, 'kyns', prefix), ['Kate Jenkyns'], 'from the trigram table too');
    const now = await ok(s.request('GET', `${prefix}/persons/${person.id}`));
    t.equal(now.display_name, 'Kate Jenkyns', 'the display name follows');
    t.ok(now.updated_at_ms >= person.updated_at_ms);
  }
  t.same(await names(s, 'kate', other.prefix), ['Kate Jenkyns'], 'each tree finds its own person only');
  t.equal((await list(s, { q: 'kate' })).total, 1);
});

t.test('a retracted person is not found', async (t) => {
  const s = await personsServer(t);
  const person = await personNamed(s, { given: 'Owen', surname: 'Bevan' });
  t.same(await names(s, 'bevan'), ['Owen Bevan']);
  await ok(s.request('POST', `/v1/persons/${person.id}/retract`));
  t.same(await names(s, 'bevan'), []);
  t.same(await names(s, 'evan'), [], 'neither by substring');
});
