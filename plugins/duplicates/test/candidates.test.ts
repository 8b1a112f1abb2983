import t from 'tap';
import { candidates, duplicatesServer, ok, otherTree, person, ranked, UNKNOWN } from './fixtures/helpers.js';

t.test('ranked by score, then id, with the reasons', async (t) => {
  const s = await duplicatesServer(t);
  const smith = await person(s, { given: 'William', surname: 'Smith' }, { birth: '1852' });
  const smyth = await person(s, { given: 'Bill', surname: 'Smyth' }, { birth: 'ABT 1850' });
  const late = await person(s, { given: 'William', surname: 'Smith' }, { birth: '1870' });
  const mary = await person(s, { given: 'Mary', surname: 'Smith' });
  const jones = await person(s, { given: 'William', surname: 'Jones' }, { birth: '1850' });

  const { status, body } = await candidates(s, { given: 'William', surname: 'Smith', birth: 'ABT 1850' });
  t.equal(status, 200);
  t.same(body.items.map((item: any) => [item.person.id, item.score]), [[smith.id, 0.987], [smyth.id, 0.936]], 'the 1870 William conflicts (0.522) and Mary is a different given name (0.563): both under 0.6, left out');
  t.same(body.items[0], {
    person: smith,
    score: 0.987,
    reasons: [
      { field: 'surname', how: 'exact', detail: 'Smith = Smith' },
      { field: 'given', how: 'exact', detail: 'William = William' },
      { field: 'birth', how: 'compatible', detail: '"ABT 1850" and "1852" are 1 years apart, within the slack' },
    ],
  }, 'the person as the persons plugin gives it, the score and why');
  t.same(body.items[1].reasons, [
    { field: 'surname', how: 'double_metaphone', detail: 'Smith ~ Smyth: Double Metaphone SM0' },
    { field: 'given', how: 'nickname', detail: 'William ~ Bill: both forms of William' },
    { field: 'birth', how: 'compatible', detail: '"ABT 1850" and "ABT 1850" overlap' },
  ]);
  t.same(await ranked(s, { surname: 'Smith' }), [[smith.id, 1], [late.id, 1], [mary.id, 1], [smyth.id, 0.947]], 'a surname alone: equal scores by id (made in that order), then Smyth');
  t.same(await ranked(s, { given: 'William' }), [[smith.id, 1], [late.id, 1], [jones.id, 1], [smyth.id, 0.9]], 'a given name alone: given-name keys (Bill is a William)');
  t.same(await ranked(s, { surname: 'Smith', given: 'Mary', birth: '1850' }), [[mary.id, 0.935]], 'unknown birth counts half');
});

t.test('Kowalski, Kovalsky and Müller: the phonetic codes find them', async (t) => {
  const s = await duplicatesServer(t);
  const kowalski = await person(s, { given: 'Jan', surname: 'Kowalski' });
  const muller = await person(s, { given: 'Hans', surname: 'Müller' });
  const horowitz = await person(s, { given: 'Chaim', surname: 'Horowitz' });
  t.same(await ranked(s, { surname: 'Kovalsky' }), [[kowalski.id, 0.883]]);
  t.same(await ranked(s, { surname: 'Mueller' }), [[muller.id, 0.959]]);
  t.same(await ranked(s, { surname: 'MULLER' }), [[muller.id, 1]], 'folded: the same spelling');
  t.same(await ranked(s, { surname: 'Gurevich' }), [[horowitz.id, 0.7]], 'Daitch–Mokotoff finds what English ears split');
  t.same(await ranked(s, { surname: 'Kowlaski' }), [[kowalski.id, 0.985]], 'a transposed letter the codes survive');
  const henry = await person(s, { given: 'Martha', surname: 'Henry' });
  t.same(await ranked(s, { surname: 'Herny' }), [[henry.id, 0.947]], 'a transposed letter they do not: the consonant key finds it, Jaro–Winkler scores it');
  t.same(await ranked(s, { surname: 'Nowak' }), [], 'nothing in common');
});

t.test('limit: default 8, clamped to 1..50', async (t) => {
  const s = await duplicatesServer(t);
  const ids: string[] = [];
  for (let i = 0; i < 52; i++) ids.push((await person(s, { given: 'John', surname: 'Smith' })).id);
  ids.sort();
  const count = async (query: Record<string, string | number>) => (await ranked(s, { surname: 'Smith', ...query })).map(([id]) => id);
  t.same(await count({}), ids.slice(0, 8), 'default 8, by id among equals');
  t.same(await count({ limit: 50 }), ids.slice(0, 50));
  t.same(await count({ limit: 51 }), ids.slice(0, 50), '51 reads as 50');
  t.same(await count({ limit: 1000 }), ids.slice(0, 50));
  t.same(await count({ limit: 0 }), ids.slice(0, 1), '0 reads as 1');
  t.same(await count({ limit: -5 }), ids.slice(0, 1));
  t.same(await count({ limit: 3 }), ids.slice(0, 3));
  const bad = await candidates(s, { surname: 'Smith', limit: 'many' });
  t.match(bad, { status: 400, body: { code: 'validation-failed' } }, 'not an integer');
});

t.test('refusals: no name, unparseable dates, unknown parameters, unknown person', async (t) => {
  const s = await duplicatesServer(t);
  const noName = { status: 400, body: { code: 'name-required', title: 'A duplicate search needs a name', detail: 'Give `given` or `surname` (with at least one letter), or `person`', errors: [{ location: 'query', name: 'surname', message: 'given, surname or person is required' }] } };
  t.match(await candidates(s, {}), noName);
  t.match(await candidates(s, { birth: '1850' }), noName, 'dates alone are not enough');
  t.match(await candidates(s, { surname: '???' }), noName, 'a name without a letter');
  t.match(await candidates(s, { given: '12', surname: '--' }), noName);
  t.same((await candidates(s, { surname: 'Smith', birth: 'last spring' })).body, {
    type: 'urn:rootline:problem:invalid-date', title: 'The date cannot be read', status: 400, code: 'invalid-date',
    detail: 'birth: "last spring" is not a GEDCOM date this search can compare (e.g. 12 MAR 1850, ABT 1850, BET 1840 AND 1845)',
    instance: '/v1/persons/duplicate-candidates', errors: [{ location: 'query', name: 'birth', message: 'must be a GEDCOM date' }],
  });
  t.match(await candidates(s, { surname: 'Smith', death: '@#DROMAN@ 1850' }), { status: 400, body: { code: 'invalid-date', detail: /^death: "@#DROMAN@ 1850" is not a GEDCOM date/, errors: [{ name: 'death' }] } });
  t.match(await candidates(s, { surname: 'Smith', death: '(unknown)' }), { status: 400, body: { code: 'invalid-date', errors: [{ name: 'death' }] } });
  t.match(await candidates(s, { surname: 'Smith', birth: 'abt. 1850', death: 'Mar 1901' }), { status: 200, body: { items: [] } }, 'read tolerantly');
  t.match(await candidates(s, { surname: 'Smith', born: '1850' }), { status: 400, body: { code: 'unknown-query-parameter' } });
  t.match(await candidates(s, { person: UNKNOWN }), { status: 404, body: { code: 'not-found', entity: 'person', detail: `There is no person ${UNKNOWN} in this tree` } });
  t.match(await candidates(s, { person: 'not-a-uuid' }), { status: 400, body: { code: 'validation-failed' } });
  t.match(await candidates(s, { surname: 'x'.repeat(201) }), { status: 400, body: { code: 'validation-failed' } });
});

t.test('both mounts: the static path wins over /persons/{id}, and each tree has its own index', async (t) => {
  const s = await duplicatesServer(t);
  const active = await person(s, { given: 'Anna', surname: 'Schmidt' });
  const other = await otherTree(s);
  const pinned = await person(s, { given: 'Anna', surname: 'Schmitt' }, {}, other.prefix);
  t.same(await ranked(s, { surname: 'Schmidt' }), [[active.id, 1]]);
  t.same(await ranked(s, { surname: 'Schmidt' }, other.prefix), [[pinned.id, 0.976]]);
  t.same(await ranked(s, { surname: 'Schmidt' }, `/v1/trees/${s.server.kernel.trees.active().id}`), [[active.id, 1]]);
  t.match(await candidates(s, {}, other.prefix), { status: 400, body: { code: 'name-required' } }, 'not read as a person id');
  t.equal((await ok(s.request('GET', `${other.prefix}/persons/${pinned.id}`))).id, pinned.id, '/persons/{id} still answers');
  t.match(await candidates(s, { person: pinned.id }), { status: 404 }, 'a person of another tree is unknown here');
});

t.test('person=: its names and dates fill the query; itself and the persons known not to be it are left out', async (t) => {
  const s = await duplicatesServer(t);
  const subject = await person(s, { given: 'Thomas', surname: 'Wadsworth' }, { birth: '1826', sex: 'M' });
  const twin = await person(s, { given: 'Thos', surname: 'Wadsworth' }, { birth: 'ABT 1826', sex: 'M' });
  const stranger = await person(s, { given: 'Thomas', surname: 'Wadsworth' }, { birth: '1746', sex: 'M' });
  const sister = await person(s, { given: 'Thomas', surname: 'Wadsworth' }, { birth: '1826', sex: 'F' });
  const undated = await person(s, { given: 'Thomas', surname: 'Wadsworthe' });

  const found = await candidates(s, { person: subject.id });
  t.same(found.body.items.map((item: any) => [item.person.id, item.score]), [[twin.id, 0.962], [undated.id, 0.931]], 'the 1746 one conflicts (0.522) and the woman is halved (0.5): left out');
  t.same(found.body.items[0].reasons, [
    { field: 'surname', how: 'exact', detail: 'Wadsworth = Wadsworth' },
    { field: 'given', how: 'nickname', detail: 'Thomas ~ Thos: both forms of Thomas' },
    { field: 'birth', how: 'compatible', detail: '"1826" and "ABT 1826" overlap' },
  ]);
  t.notOk(found.body.items.some((item: any) => [subject.id, sister.id].includes(item.person.id)), 'never itself, nor the woman');
  t.same(await ranked(s, { person: subject.id, birth: '1746' }), [[stranger.id, 1], [undated.id, 0.931]], 'a date of the query wins over the person\'s');
  t.same(await ranked(s, { person: subject.id, given: 'Thos' }), [[twin.id, 1], [undated.id, 0.893]], 'a given name of the query wins over the person\'s');

  // Denied: never again a candidate of the person (either way round), but still of a name search.
  const proposal = await ok(s.request('POST', '/v1/proposals', { body: { persons: [twin.id, subject.id], rationale: 'Same birth year' } }), 200);
  await ok(s.request('POST', `/v1/proposals/${proposal.id}/deny`, { body: { reason: 'Different fathers' } }));
  t.same(await ranked(s, { person: subject.id }), [[undated.id, 0.931]]);
  t.notOk((await ranked(s, { person: twin.id })).some(([id]) => id === subject.id));
  t.ok((await ranked(s, { given: 'Thomas', surname: 'Wadsworth' })).some(([id]) => id === twin.id), 'a name search leaves out nothing but inactive persons');
});

t.test('a person= search for a person without a name, or with a name of no letter, needs a name', async (t) => {
  const s = await duplicatesServer(t);
  const persona = (await ok(s.request('POST', '/v1/personas', { body: { name: '???' } }))).id;
  const nameless = await ok(s.request('POST', '/v1/persons', { body: { personas: [persona] } }), 201);
  const smith = await person(s, { given: 'Ann', surname: 'Smith' });
  t.match(await candidates(s, { person: nameless.id }), { status: 400, body: { code: 'name-required' } });
  t.same(await ranked(s, { person: nameless.id, surname: 'Smith' }), [[smith.id, 1]], 'the query gives the name');
});

t.test('the quick preselection reads the index: its dates and its phonetic keys decide who is scored in full', async (t) => {
  // Forty namesakes made first (smaller ids) fill the preselection (32 at limit 1) when the
  // quick score cannot tell them from the person sought: only the index's dates, or its
  // phonetic key, lift that person into the full score.
  const s = await duplicatesServer(t);
  for (let i = 0; i < 40; i++) await person(s, { given: 'John', surname: 'Smith' }, { birth: '1800' });
  const sought = await person(s, { given: 'John', surname: 'Smith' }, { birth: '1850' });
  t.same((await ranked(s, { given: 'John', surname: 'Smith', birth: '1850', limit: 1 })).map(([id]) => id), [sought.id], 'the one born 1850');

  // Exact surnames with another given name, against a surname found by Daitch–Mokotoff alone
  // (Gurevich ~ Horowitz; far apart letter by letter).
  for (let i = 0; i < 40; i++) await person(s, { given: 'Moshe', surname: 'Gurevich' }, { birth: '1850' });
  const horowitz = await person(s, { given: 'Chaim', surname: 'Horowitz' }, { birth: '1850' });
  t.same((await ranked(s, { given: 'Chaim', surname: 'Gurevich', birth: '1850', limit: 1 })).map(([id]) => id), [horowitz.id], 'Chaim Horowitz');

  // Hayes and Hussey share a phonetic key and the consonant key (h, s), which comes after it:
  // the phonetic match found first must not be forgotten when the consonant key finds it again.
  for (let i = 0; i < 40; i++) await person(s, { given: 'Zebedee', surname: 'Hayes' }, { birth: '1850' });
  const hussey = await person(s, { given: 'Ann', surname: 'Hussey' }, { birth: '1850' });
  t.same((await ranked(s, { given: 'Ann', surname: 'Hayes', birth: '1850', limit: 1 })).map(([id]) => id), [hussey.id], 'Ann Hussey');
});

t.test('a candidate with no birth date is unknown on the date, not apart from it: it is preselected ahead of many whose birth conflicts', async (t) => {
  const s = await duplicatesServer(t);
  // More conflicting namesakes than the preselection keeps for limit 1 (32): only the prescore decides who reaches the full score.
  for (let i = 0; i < 33; i++) await person(s, { given: 'John', surname: 'Smith' }, { birth: '1790' });
  const undated = await person(s, { given: 'John', surname: 'Smith' });
  const best = await ranked(s, { given: 'John', surname: 'Smith', birth: '1850', limit: 1 });
  t.same(best.map(([id]) => id), [undated.id], 'the namesake with no birth date is the best: his date may agree, theirs cannot');
});
