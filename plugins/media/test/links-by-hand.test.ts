import t from 'tap';
import { buildTestServer, type TestServer } from '@rootline/kernel/testing';

/**
 * A genealogist adds a photo or a scan by hand (media 0.1.13): uploads the bytes, makes a media
 * object of them, says whom it shows and what it is attached to, and takes a link away again.
 * Before, only a GEDCOM import made and linked media objects, so a desktop app could show a
 * photo but never add one.
 */
const PLUGINS = ['@rootline/plugin-sources', '@rootline/plugin-personas', '@rootline/plugin-assertions', '@rootline/plugin-persons', '@rootline/plugin-family', '@rootline/plugin-events', '@rootline/plugin-media'];
const UNKNOWN = '01938f0e-0000-7000-8000-000000000000';

async function made(s: TestServer, path: string, body: unknown): Promise<string> {
  const reply = await s.request('POST', path, { body });
  if (reply.statusCode !== 200 && reply.statusCode !== 201) throw new Error(`${path}: ${reply.statusCode} ${reply.body}`);
  return reply.json().id;
}

async function world(t: Parameters<typeof buildTestServer>[0]) {
  const s = await buildTestServer(t, { plugins: PLUGINS });
  const tree = s.server.kernel.trees.active();
  const human = { kind: 'human' as const, credentialId: null };
  // A real JPEG header, so the blob store reads its type from the bytes.
  const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]);
  const blob = (await tree.blobs.write([jpeg], { maxBytes: 1 << 20, actor: human })).address;
  const persona = await made(s, '/v1/personas', { given: 'Anna', surname: 'Novak' });
  const groom = await made(s, '/v1/personas', { given: 'Josef', surname: 'Novak' });
  const source = await made(s, '/v1/sources', { title: 'Parish register, Tábor' });
  const citation = await made(s, '/v1/citations', { source, elements: { page: 'folio 12' } });
  const claim = (await s.request('POST', '/v1/assertions/capture', { body: { persona, kind: 'marriage', date: '1912', source } })).json().id as string;
  const person = await made(s, '/v1/persons', { personas: [persona] });
  const other = await made(s, '/v1/persons', { personas: [groom] });
  const event = await made(s, '/v1/events', { type: 'MARR', date: '1912', participants: [{ person, role: 'principal' }] });
  const relationship = await made(s, '/v1/relationships', { kind: 'spouse', partners: [person, other] });
  const count = (table: string) => tree.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
  const footprint = () => ({ media: count('media'), depicts: count('media_depicts'), attached: count('media_attached'), records: count('records') });
  return { s, tree, blob, persona, person, source, citation, claim, event, relationship, footprint };
}

t.test('a media object made of an uploaded blob is resolved at once, named by its file name only, typed from its bytes', async (t) => {
  const { s, blob, footprint } = await world(t);
  const reply = await s.request('POST', '/v1/media', { body: { blob: blob.toUpperCase(), file_name: 'C:\\Users\\anna\\Pictures\\wedding.jpg', title: 'Wedding of Anna and Josef, 1912' } });
  t.equal(reply.statusCode, 201, reply.body);
  const media = reply.json();
  t.match(media, { file_name: 'wedding.jpg', title: 'Wedding of Anna and Josef, 1912', status: 'resolved', blob, media_type: 'image/jpeg' });
  t.notOk(reply.body.includes('Users'), 'no folder of the machine in the reply');
  t.same((await s.request('GET', '/v1/media/unresolved')).json().items, [], 'not waiting for bytes');
  t.match(s.records({ kind: 'media.created' }), [{ entity_id: media.id, payload: { file_name: 'wedding.jpg', status: 'resolved' } }]);

  const before = footprint();
  const refused: [unknown, number][] = [
    [{ blob: 'ab'.repeat(32), file_name: 'x.jpg' }, 404],
    [{ blob, file_name: '   ' }, 400],
    [{ blob, file_name: '' }, 400],
    [{ file_name: 'x.jpg' }, 400],
    [{ blob: 'not-a-blob', file_name: 'x.jpg' }, 400],
    [{ blob, file_name: 'x.jpg', title: '' }, 400],
  ];
  for (const [body, status] of refused) {
    const answer = await s.request('POST', '/v1/media', { body });
    t.equal(answer.statusCode, status, JSON.stringify(body));
    if (status === 404) t.match(answer.json(), { code: 'not-found', entity: 'blob' });
  }
  t.same(footprint(), before, 'a refusal writes nothing');
});

t.test('depictions by hand: 201 new, 200 again (nothing written), gone again with DELETE; unknown ends are 404 and write nothing', async (t) => {
  const { s, blob, persona, person, footprint } = await world(t);
  const media = (await s.request('POST', '/v1/media', { body: { blob, file_name: 'anna.jpg' } })).json().id as string;
  const first = await s.request('POST', `/v1/media/${media}/depictions`, { body: { persona } });
  t.equal(first.statusCode, 201);
  t.same(first.json().depicts, [persona], 'the object with its new link');
  const before = footprint();
  const again = await s.request('POST', `/v1/media/${media}/depictions`, { body: { persona } });
  t.equal(again.statusCode, 200, 'there already');
  t.same(footprint(), before, 'nothing written');
  t.same((await s.request('GET', `/v1/media/${media}`)).json().depicts, [persona]);
  for (const [path, body, entity] of [
    [`/v1/media/${UNKNOWN}/depictions`, { persona }, 'media'],
    [`/v1/media/${media}/depictions`, { persona: UNKNOWN }, 'persona'],
    [`/v1/media/${media}/depictions`, { persona: person }, 'persona'],
  ] as const) {
    const refused = await s.request('POST', path, { body });
    t.equal(refused.statusCode, 404, `${path} ${JSON.stringify(body)}`);
    t.match(refused.json(), { code: 'not-found', entity });
  }
  t.same(footprint(), before, 'a refusal writes nothing (a person is not a persona)');
  const taken = await s.request('DELETE', `/v1/media/${media}/depictions/${persona}`);
  t.equal(taken.statusCode, 200);
  t.same(taken.json().depicts, []);
  t.match(s.records({ kind: 'media.depiction_removed' }), [{ entity_id: media, payload: { persona } }]);
  const twice = await s.request('DELETE', `/v1/media/${media}/depictions/${persona}`);
  t.equal(twice.statusCode, 404, 'no such depiction any more');
  t.match(twice.json(), { code: 'not-found', entity: 'depiction' });
  t.match((await s.request('DELETE', `/v1/media/${UNKNOWN}/depictions/${persona}`)).json(), { code: 'not-found', entity: 'media' }, 'an unknown media object is named as such');
  t.match((await s.request('POST', `/v1/media/${UNKNOWN}/depictions`, { body: { persona: UNKNOWN } })).json(), { entity: 'media' }, 'the media object is looked up first');
});

t.test('attachments by hand to each kind GEDCOM holds an OBJE under; anything else is 404', async (t) => {
  const { s, blob, persona, source, citation, claim, event, relationship, footprint } = await world(t);
  const media = (await s.request('POST', '/v1/media', { body: { blob, file_name: 'register.jpg' } })).json().id as string;
  for (const target of [citation, source, claim, event, relationship]) {
    const reply = await s.request('POST', `/v1/media/${media}/attachments`, { body: { target } });
    t.equal(reply.statusCode, 201, reply.body);
    t.ok(reply.json().attached_to.includes(target));
    t.same((await s.request('GET', '/v1/media', { query: { attached_to: target } })).json().map((item: { id: string }) => item.id), [media], 'listed on the target');
  }
  t.same((await s.request('GET', `/v1/media/${media}`)).json().attached_to, [citation, source, claim, event, relationship], 'oldest link first');
  const before = footprint();
  t.equal((await s.request('POST', `/v1/media/${media}/attachments`, { body: { target: citation } })).statusCode, 200, 'again: 200');
  for (const target of [UNKNOWN, persona]) {
    const refused = await s.request('POST', `/v1/media/${media}/attachments`, { body: { target } });
    t.equal(refused.statusCode, 404, 'an unknown id, or a persona (it is depicted, not attached)');
    t.match(refused.json(), { code: 'not-found', entity: 'target', detail: `There is no citation, source, claim, event or relationship ${target} in this tree` });
  }
  for (const [method, path, body] of [
    ['POST', `/v1/media/${media}/attachments`, { target: 'not-an-id' }],
    ['POST', `/v1/media/${media}/attachments`, {}],
    ['POST', `/v1/media/${media}/depictions`, { persona: 'not-an-id' }],
    ['POST', `/v1/media/${media}/depictions`, {}],
    ['DELETE', `/v1/media/${media}/attachments/not-an-id`, undefined],
    ['DELETE', `/v1/media/${media}/depictions/not-an-id`, undefined],
  ] as const) {
    const refused = await s.request(method, path, body === undefined ? {} : { body });
    t.match([refused.statusCode, refused.json().code], [400, 'validation-failed'], `${method} ${path} ${JSON.stringify(body ?? null)}: refused before anything is looked up`);
  }
  t.match((await s.request('POST', `/v1/media/${UNKNOWN}/attachments`, { body: { target: UNKNOWN } })).json(), { code: 'not-found', entity: 'media' }, 'the media object is looked up first');
  t.match((await s.request('DELETE', `/v1/media/${UNKNOWN}/attachments/${citation}`)).json(), { code: 'not-found', entity: 'media' });
  t.same(footprint(), before, 'nothing written by any of these');
  const taken = await s.request('DELETE', `/v1/media/${media}/attachments/${citation}`);
  t.equal(taken.statusCode, 200);
  t.notOk(taken.json().attached_to.includes(citation));
  t.same((await s.request('GET', '/v1/media', { query: { attached_to: citation } })).json(), []);
  t.match(s.records({ kind: 'media.detached' }), [{ entity_id: media, payload: { target: citation } }]);
  t.match((await s.request('DELETE', `/v1/media/${media}/attachments/${citation}`)).json(), { code: 'not-found', entity: 'attachment' });
});

t.test('an agent may add and link a photo; the record names the agent', async (t) => {
  const { s, blob, persona } = await world(t);
  const made = await s.request('POST', '/v1/media', { body: { blob, file_name: 'anna.jpg' }, token: s.agentToken });
  t.equal(made.statusCode, 201);
  t.equal((await s.request('POST', `/v1/media/${made.json().id}/depictions`, { body: { persona }, token: s.agentToken })).statusCode, 201);
  t.match(s.records({ kind: 'media.depicts' }), [{ actor: { kind: 'agent', credential_id: s.agentCredentialId } }]);
});

t.test('a server built without the plugins that own the other ends answers 404 for them, not an error', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-media'] });
  const tree = s.server.kernel.trees.active();
  const human = { kind: 'human' as const, credentialId: null };
  const blob = (await tree.blobs.write([Buffer.from('scan')], { maxBytes: 1 << 20, actor: human })).address;
  const media = (await s.request('POST', '/v1/media', { body: { blob, file_name: 'scan.png' } })).json().id as string;
  t.match((await s.request('POST', `/v1/media/${media}/depictions`, { body: { persona: UNKNOWN } })).json(), { code: 'not-found', entity: 'persona' });
  t.match((await s.request('POST', `/v1/media/${media}/attachments`, { body: { target: UNKNOWN } })).json(), { code: 'not-found', entity: 'target' });
});
