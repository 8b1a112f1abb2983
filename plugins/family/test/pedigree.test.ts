import t from 'tap';
import type { TestServer } from '@rootline/kernel/testing';
import { boot, parentOf, partners, people, person, UNKNOWN, type Mount } from './fixtures/helpers.js';
import { elements, parseXml, textOf } from './fixtures/xml.js';

const pedigree = (s: TestServer, mount: Mount, id: string, query: Record<string, string | number> = {}, headers: Record<string, string> = {}) =>
  s.request('GET', `${mount.prefix}/persons/${id}/pedigree`, { query, headers });
const chart = async (s: TestServer, mount: Mount, id: string, generations?: number) =>
  (await pedigree(s, mount, id, generations ? { generations } : {})).json().slots.map((slot: any) => [slot.ahnentafel, slot.display_name, ...(slot.collapsed ? [`=${slot.same_as}`] : [])]);

/** Three generations: William, his parents John and Mary, John's parents; Mary's mother only. */
async function family(s: TestServer, mount: Mount) {
  const p = await people(s, mount, {
    william: { given: 'William', surname: 'Smyth', sex: 'M', birth: '12 MAR 1851', death: '1920' },
    john: { given: 'John', surname: 'Smyth', sex: 'M', birth: 'ABT 1820' },
    mary: { given: 'Mary', surname: 'Jones', sex: 'F' },
    george: { given: 'George', surname: 'Smyth', sex: 'M' },
    ann: { given: 'Ann', surname: 'Hill', sex: 'F' },
    eliza: { given: 'Eliza', surname: 'Price', sex: 'F' },
  });
  // Made mother first, to show the side follows sex, not order.
  for (const [parent, child] of [['mary', 'william'], ['john', 'william'], ['ann', 'john'], ['george', 'john'], ['eliza', 'mary']] as const) {
    const reply = await parentOf(s, mount, p[parent], p[child]);
    if (reply.statusCode !== 201) throw new Error(reply.body);
  }
  return p;
}

t.test('the pedigree as Ahnentafel slots, on both mounts', async (t) => {
  const { s, mounts } = await boot(t);
  for (const mount of mounts) {
    const p = await family(s, mount);
    const reply = await pedigree(s, mount, p.william);
    t.equal(reply.statusCode, 200, mount.label);
    t.match(reply.headers['content-type'], /^application\/json/);
    const body = reply.json();
    t.equal(body.person, p.william);
    t.equal(body.generations, 4, 'four generations by default');
    t.same(body.slots.map((slot: any) => [slot.ahnentafel, slot.person]), [[1, p.william], [2, p.john], [3, p.mary], [4, p.george], [5, p.ann], [7, p.eliza]], 'empty slots (6) are absent');
    t.match(body.slots[0], { display_name: 'William Smyth', birth: { date: '12 MAR 1851' }, death: { date: '1920' } });
    t.match(body.slots[1], { display_name: 'John Smyth', birth: { date: 'ABT 1820' }, death: null });
    t.notOk(body.slots.some((slot: any) => 'collapsed' in slot), 'no collapse here');
    t.same(Object.keys(body.slots[0]).sort(), ['ahnentafel', 'birth', 'death', 'display_name', 'person']);
    t.same(await chart(s, mount, p.william, 1), [[1, 'William Smyth']], 'one generation: the person alone');
    t.same(await chart(s, mount, p.william, 2), [[1, 'William Smyth'], [2, 'John Smyth'], [3, 'Mary Jones']]);
    t.same(await chart(s, mount, p.john), [[1, 'John Smyth'], [2, 'George Smyth'], [3, 'Ann Hill']], 'anyone can be the root');
    t.same((await pedigree(s, mount, p.william, {}, { authorization: `Bearer ${s.agentToken}` })).json().slots.length, 6, 'an agent reads the same pedigree');
  }
});

t.test('bad generations, unknown and retracted persons, unknown parameters', async (t) => {
  const { s, mounts } = await boot(t);
  for (const mount of mounts) {
    const p = await family(s, mount);
    for (const generations of [0, 11, -1, 'x', 2.5]) {
      const reply = await pedigree(s, mount, p.william, { generations });
      t.equal(reply.statusCode, 400, `generations=${generations}`);
      t.equal(reply.json().code, 'validation-failed');
    }
    t.equal((await pedigree(s, mount, p.william, { generations: 10 })).statusCode, 200, 'ten is allowed');
    t.equal((await pedigree(s, mount, p.william, { depth: 3 })).json().code, 'unknown-query-parameter');
    const missing = await pedigree(s, mount, UNKNOWN);
    t.equal(missing.statusCode, 404);
    t.match(missing.json(), { code: 'not-found', entity: 'person' });
    t.equal((await pedigree(s, mount, 'not-a-uuid')).json().code, 'validation-failed');

    // Retracting John takes him and everything above him out of William's chart.
    t.equal((await s.request('POST', `${mount.prefix}/persons/${p.john}/retract`, { body: {} })).statusCode, 200);
    t.same(await chart(s, mount, p.william), [[1, 'William Smyth'], [3, 'Mary Jones'], [7, 'Eliza Price']]);
    t.equal((await pedigree(s, mount, p.john)).statusCode, 404, 'a retracted person has no pedigree');
    const svg = (await pedigree(s, mount, p.william, {}, { accept: 'image/svg+xml' })).body;
    t.notMatch(svg, /John|George|Ann Hill/, 'nor a box in the chart');
  }
});

t.test('sides follow sex; unknown sex takes the free slot; adoptive parents only without birth parents', async (t) => {
  const { s, mounts } = await boot(t);
  const mount = mounts[1];
  const p = await people(s, mount, {
    kid: { given: 'Kid' }, pat: { given: 'Pat' }, mum: { given: 'Mum', sex: 'F' },
    adopted: { given: 'Adopted' }, amum: { given: 'Adoptive Mum', sex: 'F' }, adad: { given: 'Adoptive Dad', sex: 'M' }, foster: { given: 'Foster', sex: 'M' }, agran: { given: 'Adoptive Gran', sex: 'F' },
  });
  await parentOf(s, mount, p.pat, p.kid);
  await parentOf(s, mount, p.mum, p.kid);
  t.same(await chart(s, mount, p.kid), [[1, 'Kid'], [2, 'Pat'], [3, 'Mum']], 'unknown sex fills the free father slot');
  await parentOf(s, mount, p.amum, p.adopted, { pedigree: 'adopted' });
  await parentOf(s, mount, p.adad, p.adopted, { pedigree: 'adopted' });
  await parentOf(s, mount, p.foster, p.adopted, { pedigree: 'foster' });
  await parentOf(s, mount, p.agran, p.amum);
  const body = (await pedigree(s, mount, p.adopted)).json();
  t.same(body.slots.map((slot: any) => [slot.ahnentafel, slot.display_name, slot.pedigree ?? 'birth']), [[1, 'Adopted', 'birth'], [2, 'Adoptive Dad', 'adopted'], [3, 'Adoptive Mum', 'adopted'], [7, 'Adoptive Gran', 'birth']], 'no birth parents: the adoptive ones, flagged; never the foster parent');
  await parentOf(s, mount, p.pat, p.adopted);
  t.same(await chart(s, mount, p.adopted), [[1, 'Adopted'], [2, 'Pat']], 'a birth parent known: only birth parents');
});

t.test('foster, step and unknown parents are never charted, even in a slot left free', async (t) => {
  const { s, mounts } = await boot(t);
  const mount = mounts[1];
  const p = await people(s, mount, {
    ward: { given: 'Ward' }, amum: { given: 'Adoptive Mum', sex: 'F' }, foster: { given: 'Foster Dad', sex: 'M' },
    step: { given: 'Step Dad', sex: 'M' }, unsure: { given: 'Unsure', sex: 'M' }, orphan: { given: 'Orphan' },
  });
  await parentOf(s, mount, p.foster, p.ward, { pedigree: 'foster' });
  await parentOf(s, mount, p.step, p.ward, { pedigree: 'step' });
  await parentOf(s, mount, p.amum, p.ward, { pedigree: 'adopted' });
  t.same(await chart(s, mount, p.ward), [[1, 'Ward'], [3, 'Adoptive Mum']], 'the father slot stays empty: no birth or adoptive father');
  await parentOf(s, mount, p.foster, p.orphan, { pedigree: 'foster' });
  await parentOf(s, mount, p.unsure, p.orphan, { pedigree: 'unknown' });
  t.same(await chart(s, mount, p.orphan), [[1, 'Orphan']], 'only foster and unknown parents: the person alone');
});

t.test('pedigree collapse: cousins who married put one ancestor in two slots, walked once', async (t) => {
  const { s, mounts } = await boot(t);
  for (const mount of mounts) {
    // Tom and Ruth are first cousins: Tom's father and Ruth's mother are children of Adam and Eve.
    const p = await people(s, mount, {
      kid: { given: 'Kid' }, tom: { given: 'Tom', sex: 'M' }, ruth: { given: 'Ruth', sex: 'F' },
      fred: { given: 'Fred', sex: 'M' }, fay: { given: 'Fay', sex: 'F' }, ned: { given: 'Ned', sex: 'M' }, nora: { given: 'Nora', sex: 'F' },
      adam: { given: 'Adam', sex: 'M', birth: '1760' }, eve: { given: 'Eve', sex: 'F' }, seth: { given: 'Seth', sex: 'M' },
    });
    const edges = [['tom', 'kid'], ['ruth', 'kid'], ['fred', 'tom'], ['fay', 'tom'], ['ned', 'ruth'], ['nora', 'ruth'], ['adam', 'fred'], ['eve', 'fred'], ['adam', 'nora'], ['eve', 'nora'], ['seth', 'adam']] as const;
    for (const [parent, child] of edges) t.equal((await parentOf(s, mount, p[parent], p[child])).statusCode, 201);
    await partners(s, mount, p.tom, p.ruth);
    const slots = (await pedigree(s, mount, p.kid, { generations: 6 })).json().slots;
    t.same(slots.map((slot: any) => [slot.ahnentafel, slot.display_name, ...(slot.collapsed ? [`=${slot.same_as}`] : [])]), [
      [1, 'Kid'], [2, 'Tom'], [3, 'Ruth'], [4, 'Fred'], [5, 'Fay'], [6, 'Ned'], [7, 'Nora'], [8, 'Adam'], [9, 'Eve'], [14, 'Adam', '=8'], [15, 'Eve', '=9'], [16, 'Seth'],
    ], mount.label);
    t.match(slots.find((slot: any) => slot.ahnentafel === 14), { person: p.adam, collapsed: true, same_as: 8, birth: { date: '1760' } }, 'the later slot is the flagged one, with the person shown');
    t.notOk(slots.some((slot: any) => slot.ahnentafel === 28), "the collapsed Adam's father is not walked a second time");
    t.notOk(slots[7].collapsed, 'the first slot is not flagged');
  }
});

t.test('the walk ends even on a loop in the data (written behind the API)', async (t) => {
  const { s, mounts } = await boot(t);
  const mount = mounts[0];
  const p = await people(s, mount, { kid: { given: 'Kid' }, a: { given: 'A', sex: 'M' }, b: { given: 'B', sex: 'M' } });
  await parentOf(s, mount, p.a, p.kid);
  await parentOf(s, mount, p.b, p.a);
  const db = s.server.kernel.trees.active().db;
  db.prepare(`INSERT INTO relationships (id, kind, person_a, person_b, pedigree, created_at_ms, updated_at_ms, actor_kind) VALUES ('01938f0e-0000-7000-8000-00000000100p', 'parent', ?, ?, 'birth', 0, 0, 'system')`).run(p.a, p.b);
  t.same(await chart(s, mount, p.kid, 10), [[1, 'Kid'], [2, 'A'], [4, 'B'], [8, 'A', '=2']]);
});

t.test('the SVG chart: well-formed, escaped, every ancestor named with life years, on both mounts', async (t) => {
  const { s, mounts } = await boot(t);
  for (const mount of mounts) {
    const p = await family(s, mount);
    const odd = await person(s, mount, { given: 'Tom & "Jerry"', surname: "<O'Neil>", sex: 'M', birth: '1790' });
    const reparented = await s.request('POST', `${mount.prefix}/relationships/reparent`, { body: { child: p.john, from_parent: p.george, to_parent: odd } });
    t.equal(reparented.statusCode, 200, "John's father is now the person with the awkward name");

    const reply = await pedigree(s, mount, p.william, { generations: 3 }, { accept: 'image/svg+xml' });
    t.equal(reply.statusCode, 200, mount.label);
    t.equal(reply.headers['content-type'], 'image/svg+xml; charset=utf-8');
    t.match(reply.headers.vary, /accept/i);
    t.notMatch(reply.body, /<O'Neil>|Tom & "Jerry"/, 'the raw name never appears unescaped');
    const svg = parseXml(reply.body);
    t.equal(svg.name, 'svg');
    t.equal(svg.attributes.xmlns, 'http://www.w3.org/2000/svg');
    t.ok(Number(svg.attributes.width) > 0 && Number(svg.attributes.height) > 0 && /^0 0 \d+(\.\d+)? \d+(\.\d+)?$/.test(svg.attributes.viewBox));
    const json = (await pedigree(s, mount, p.william, { generations: 3 })).json();
    const boxes = elements(svg).filter((e) => e.name === 'g' && e.attributes['data-ahnentafel']);
    t.same(boxes.map((b) => Number(b.attributes['data-ahnentafel'])), json.slots.map((slot: any) => slot.ahnentafel), 'a box per slot');
    const shown = boxes.map((b) => b.children.filter((c) => typeof c !== 'string' && c.name === 'text').map((c) => textOf(c as never)));
    t.same(shown, [
      ['William Smyth', '1851–1920'],
      ['John Smyth', 'c. 1820–'],
      ['Mary Jones'],
      [`Tom & "Jerry" <O'Neil>`, '1790–'],
      ['Ann Hill'],
      ['Eliza Price'],
    ], 'every ancestor by name, with life years where known');
    for (const slot of json.slots) t.ok(shown.some((lines) => lines[0] === slot.display_name), `${slot.display_name} is named`);
    t.equal(elements(svg).filter((e) => e.name === 'path').length, json.slots.length - 1, 'a line from each child to each parent');
    t.equal(textOf(elements(svg)[1]), 'Pedigree of William Smyth, 3 generations');

    const json2 = await pedigree(s, mount, p.william, {}, { accept: 'application/json, image/svg+xml;q=0.5' });
    t.match(json2.headers['content-type'], /^application\/json/, 'JSON when it is preferred');
    t.equal((await pedigree(s, mount, UNKNOWN, {}, { accept: 'image/svg+xml' })).json().code, 'not-found', 'a 404 is still a Problem');
  }
});
