import t from 'tap';
import { buildTestServer, type TestServer } from '@rootline/kernel/testing';
import { MARKER, PLUGINS, countRows, mounts, newPeople } from './fixtures/helpers.js';

/**
 * A note can be redacted (2026-12-06, stop 45): before, the views plugin knew no note, so
 * `POST {P}/redactions` answered 404 for one, and a sensitive note ("born before the marriage",
 * an adoption under seal) reached every assistant and every export. A note now has a label (its
 * first line) and is a target like any entity: its text hidden from agents, flagged for the human.
 */

const withNotes = (t: Parameters<typeof buildTestServer>[0]) => buildTestServer(t, { plugins: [...PLUGINS, '@rootline/plugin-notes'] });
const asAgent = (s: TestServer) => ({ token: s.agentToken });

async function newNote(s: TestServer, mount: string, target: string, text: string): Promise<string> {
  const made = await s.request('POST', `${mount}/notes`, { body: { target, text } });
  if (made.statusCode !== 201) throw new Error(made.body);
  return made.json().id;
}

t.test("a note's label is its first line, cut at 80 characters, on both mounts", async (t) => {
  const s = await withNotes(t);
  for (const { mount } of await mounts(s)) {
    const { person } = await newPeople(s, mount, 'William');
    const short = await newNote(s, mount, person, '  Baptised privately.\nThe register says so.');
    const long = await newNote(s, mount, person, `${'Long '.repeat(30)}end`);
    const labels: { id: string; kind: string; label: string }[] = (await s.request('GET', `${mount}/labels`, { query: { ids: `${short},${long}` } })).json().labels;
    const byId = new Map(labels.map((label) => [label.id, label]));
    t.same(byId.get(short), { id: short, kind: 'note', label: 'Baptised privately.' }, `${mount}: the first line, trimmed`);
    t.equal(byId.get(long)!.label.length, 80, 'cut at 80 characters');
    t.match(byId.get(long)!.label, /^Long Long .*Long…$/, 'an ellipsis says it was cut');
  }
});

t.test("a redacted note's text is hidden from agents in every reply, flagged for the human, and its label hidden with it", async (t) => {
  const s = await withNotes(t);
  for (const { mount, treeId } of await mounts(s)) {
    const { person } = await newPeople(s, mount, 'William');
    const secret = await newNote(s, mount, person, 'Born before the marriage');
    const open = await newNote(s, mount, person, 'Blacksmith like his father');
    const made = await s.request('POST', `${mount}/redactions`, { body: { target: secret, field: 'text', reason: 'Family privacy' } });
    t.equal(made.statusCode, 201, made.body);
    t.match(s.records({ kind: 'redaction', treeId })[0].payload, { target: secret, target_kind: 'note', field: 'text' });

    const agentList = (await s.request('GET', `${mount}/notes`, { query: { target: person }, ...asAgent(s) })).json();
    t.same(agentList.map((note: { text: string }) => note.text), [MARKER, 'Blacksmith like his father'], `${mount}: the agent reads the marker in its place`);
    const agentOne = await s.request('GET', `${mount}/notes/${secret}`, asAgent(s));
    t.equal(agentOne.json().text, MARKER);
    t.notOk(agentOne.body.includes('marriage'), 'the words appear nowhere in the reply');
    const label = (await s.request('GET', `${mount}/labels`, { query: { ids: secret }, ...asAgent(s) })).json().labels[0];
    t.equal(label.label, MARKER, 'the label is made of the text: hidden too');

    const human = (await s.request('GET', `${mount}/notes`, { query: { target: person } })).json();
    t.match(human, [{ id: secret, text: 'Born before the marriage', redacted: ['text'] }, { id: open, text: 'Blacksmith like his father' }], 'the human reads it, flagged');
    t.notOk('redacted' in human[1], 'the other note is not flagged');
  }
});

t.test('a whole note can be redacted; an unknown id is still 404 and writes nothing', async (t) => {
  const s = await withNotes(t);
  const { person } = await newPeople(s, '/v1', 'William');
  const note = await newNote(s, '/v1', person, 'Adopted 1899, papers sealed');
  t.equal((await s.request('POST', '/v1/redactions', { body: { target: note, reason: 'Sealed adoption' } })).statusCode, 201);
  t.equal((await s.request('GET', `/v1/notes/${note}`, asAgent(s))).json().text, MARKER);
  const before = countRows(s, 'redactions');
  const unknown = await s.request('POST', '/v1/redactions', { body: { target: '01938f0e-0000-7000-8000-000000000000', reason: 'x' } });
  t.equal(unknown.statusCode, 404);
  t.equal(countRows(s, 'redactions'), before);
});

t.test('without the notes plugin, the views still answer: a note id is simply unknown', async (t) => {
  const s = await buildTestServer(t, { plugins: PLUGINS });
  const labels = await s.request('GET', '/v1/labels', { query: { ids: '01938f0e-0000-7000-8000-000000000001' } });
  t.same(labels.json(), { labels: [] });
});

/** A media object can be redacted too (its label: the title, else the file name), where the media plugin is loaded. */
t.test("a media object's label is its title, else its file name; redacted, an agent reads neither", async (t) => {
  const s = await buildTestServer(t, { plugins: [...PLUGINS, '@rootline/plugin-media'] });
  const tree = s.server.kernel.trees.active();
  const media = s.server.kernel.servicesFor(tree, { kind: 'human', credentialId: null }).mediaService;
  const titled = media.create({ title: 'Wedding of Anna and Josef, 1912', file_path_as_written: 'C:\\photos\\wedding.jpg' }).id;
  const bare = media.create({ file_path_as_written: 'scan-0042.png' }).id;
  const labels: { id: string; kind: string; label: string }[] = (await s.request('GET', '/v1/labels', { query: { ids: `${titled},${bare}` } })).json().labels;
  t.same(labels.sort((a, b) => a.label.localeCompare(b.label)), [
    { id: bare, kind: 'media', label: 'scan-0042.png' },
    { id: titled, kind: 'media', label: 'Wedding of Anna and Josef, 1912' },
  ]);
  t.equal((await s.request('POST', '/v1/redactions', { body: { target: titled, field: 'title', reason: 'private' } })).statusCode, 201);
  const seen = (await s.request('GET', `/v1/media/${titled}`, asAgent(s))).json();
  t.equal(seen.title, MARKER);
  t.equal(seen.file_name, 'wedding.jpg', 'only the field redacted is hidden');
  const unresolved = (await s.request('GET', '/v1/media/unresolved', asAgent(s))).json();
  t.equal(unresolved.items.find((item: { id: string }) => item.id === titled).title, MARKER, 'in the unresolved list too');
  t.equal((await s.request('GET', '/v1/labels', { query: { ids: titled }, ...asAgent(s) })).json().labels[0].label, MARKER);
});
