import t, { type Test } from 'tap';
import { buildTestServer, type TestServer } from '@rootline/kernel/testing';

/**
 * GET notes?target= keeps the array the spec fixes but bounds it: at most `limit` notes
 * (default and ceiling 1,000) and, when more remain, `Link: <...>; rel="next"` (RFC 8288).
 * Following the links from the first answer gives every note once, oldest first.
 */

/** `count` notes of `target` written straight into the table (ids in creation order), oldest first. */
function seed(s: TestServer, target: string, count: number, from = 0): string[] {
  const db = s.server.kernel.trees.active().db;
  const insert = db.prepare("INSERT INTO notes (id, target, text, created_at_ms, actor_kind) VALUES (?, ?, ?, ?, 'human')");
  const ids: string[] = [];
  db.transaction(() => {
    for (let i = from; i < from + count; i++) {
      const id = `01938f0e-${(i >> 16).toString(16).padStart(4, '0')}-7${(i & 0xfff).toString(16).padStart(3, '0')}-8000-${i.toString(16).padStart(12, '0')}`;
      insert.run(id, target, `Note ${i}`, 1_763_769_600_000 + i);
      ids.push(id);
    }
  })();
  return ids;
}

/** The URL of rel="next" in a Link header, or undefined. */
function nextOf(link: string | string[] | undefined): string | undefined {
  if (link === undefined) return undefined;
  const match = /^<([^>]+)>;\s*rel="next"$/.exec(String(link));
  if (!match) throw new Error(`not an RFC 8288 next link: ${link}`);
  return match[1];
}

async function follow(t: Test, s: TestServer, first: string): Promise<{ ids: string[]; answers: number[] }> {
  const ids: string[] = [];
  const answers: number[] = [];
  let url: string | undefined = first;
  while (url) {
    const reply = await s.request('GET', url);
    t.equal(reply.statusCode, 200, reply.body.slice(0, 200));
    const notes = reply.json() as { id: string }[];
    t.ok(Array.isArray(notes), 'each answer is the array the spec fixes');
    answers.push(notes.length);
    ids.push(...notes.map((note) => note.id));
    url = nextOf(reply.headers.link);
  }
  return { ids, answers };
}

t.test('an ordinary target gets all its notes at once, without a Link header', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-notes'] });
  const ids = seed(s, 'person-1', 1000);
  const reply = await s.request('GET', '/v1/notes', { query: { target: 'person-1' } });
  t.equal(reply.statusCode, 200);
  t.same(reply.json().map((note: { id: string }) => note.id), ids, 'all 1,000, oldest first');
  t.equal(reply.headers.link, undefined, 'nothing remains: no Link');
});

t.test('past 1,000 notes the answer stops at 1,000 and links to the rest; following the links reads each note once', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-notes'] });
  const ids = seed(s, 'person-1', 2500);
  seed(s, 'person-2', 3, 5000);
  const first = await s.request('GET', '/v1/notes', { query: { target: 'person-1' } });
  t.equal(first.json().length, 1000, 'the default limit is 1,000');
  const next = nextOf(first.headers.link);
  t.ok(next?.startsWith('/v1/notes?'), `the link is this route, relative to the server: ${next}`);
  t.equal(new URL(next!, 'http://x').searchParams.get('target'), 'person-1', 'and names the same target');
  const walked = await follow(t, s, '/v1/notes?target=person-1');
  t.same(walked.answers, [1000, 1000, 500]);
  t.same(walked.ids, ids, 'every note once, oldest first');
});

t.test('limit bounds one answer (clamped to 1..1,000) and is carried by the link; both mounts', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-notes'] });
  const ids = seed(s, 'p 1/&?', 7); // a free key that needs escaping in a URL
  const treeId = s.server.kernel.registry.activeTreeId();
  for (const path of ['/v1/notes', `/v1/trees/${treeId}/notes`]) {
    const walked = await follow(t, s, `${path}?${new URLSearchParams({ target: 'p 1/&?', limit: '3' })}`);
    t.same(walked.answers, [3, 3, 1], `${path}: three at a time`);
    t.same(walked.ids, ids, `${path}: every note once`);
    const linked = await s.request('GET', path, { query: { target: 'p 1/&?', limit: 3 } });
    t.ok(nextOf(linked.headers.link)!.startsWith(`${path}?`), `${path}: the link keeps the mount`);
  }
  t.equal((await s.request('GET', '/v1/notes', { query: { target: 'p 1/&?', limit: 0 } })).json().length, 1, 'limit 0 is clamped to 1');
  t.equal((await s.request('GET', '/v1/notes', { query: { target: 'p 1/&?', limit: 1_000_000 } })).json().length, 7, 'a huge limit is clamped, not refused');
  const exact = await s.request('GET', '/v1/notes', { query: { target: 'p 1/&?', limit: 7 } });
  t.equal(exact.json().length, 7);
  t.equal(exact.headers.link, undefined, 'exactly limit notes and none left: no Link');
});

t.test('a cursor that was changed, or taken to another target, is refused with 400 and nothing else', async (t) => {
  const s = await buildTestServer(t, { plugins: ['@rootline/plugin-notes'] });
  seed(s, 'person-1', 5);
  seed(s, 'person-2', 5, 100);
  const next = nextOf((await s.request('GET', '/v1/notes', { query: { target: 'person-1', limit: 2 } })).headers.link)!;
  const cursor = new URL(next, 'http://x').searchParams.get('cursor')!;
  for (const [what, query] of [
    ['changed', { target: 'person-1', cursor: `${cursor.slice(0, -2)}xx` }],
    ['another target', { target: 'person-2', cursor }],
    ['not a cursor', { target: 'person-1', cursor: 'garbage' }],
  ] as const) {
    const reply = await s.request('GET', '/v1/notes', { query });
    t.equal(reply.statusCode, 400, what);
    t.match(reply.json(), { code: 'invalid-cursor', errors: [{ location: 'query', name: 'cursor' }] }, what);
  }
  const bad = await s.request('GET', '/v1/notes', { query: { target: 'person-1', limit: 'many' } });
  t.equal(bad.statusCode, 400, 'a limit that is not a number is refused');
});
