import t, { type Test } from 'tap';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { ensureBundle, startServer, cleanup, apiOf, type Api } from './helpers/server-process.js';

/**
 * Issue 9 end to end, over a real socket with the default build: a three-generation family
 * built the way a genealogist builds it (personas from records, persons concluded over
 * them, parents and partners, a baptism with its godparent), then the views that make it
 * readable: the pedigree (JSON and SVG), the card, labels and the FAN network.
 */
t.test('a three-generation family, then its pedigree, card, labels and FAN view', async (t) => {
  const server = await startServer(ensureBundle());
  t.teardown(async () => {
    await server.stop();
    cleanup(server);
  });
  const api = apiOf(server);
  const post = async (path: string, body: unknown, status = 201) => {
    const reply = await api(path, { method: 'POST', body: JSON.stringify(body) });
    const json = await reply.json();
    t.equal(reply.status, status, `${path} ${JSON.stringify(json).slice(0, 200)}`);
    return json;
  };

  const source = await post('/v1/sources', { title: 'Parish register of Ledbury, baptisms 1840-1860' }, 200);
  const person = async (given: string, surname: string, sex: 'M' | 'F', born?: string) => {
    const persona = await post('/v1/personas', { given, surname, sex, source: source.id }, 200);
    if (born) await post('/v1/assertions/capture', { persona: persona.id, kind: 'birth', date: born, place: 'Ledbury', source: source.id }, 200);
    return (await post('/v1/persons', { personas: [persona.id] })).id as string;
  };

  const william = await person('William', 'Smyth', 'M', '12 MAR 1851');
  const john = await person('John', 'Smyth', 'M', 'ABT 1820');
  const mary = await person('Mary', 'Ó Súilleabháin', 'F', '1824');
  const thomas = await person('Thomas', 'Smyth', 'M', 'BEF 1795');
  const ann = await person('Ann', 'Müller', 'F');
  const godfather = await person('Edward', 'Price', 'M', '1830');

  await post('/v1/relationships', { kind: 'parent', parent: john, child: william });
  await post('/v1/relationships', { kind: 'parent', parent: mary, child: william });
  await post('/v1/relationships', { kind: 'parent', parent: thomas, child: john });
  await post('/v1/relationships', { kind: 'parent', parent: ann, child: john });
  await post('/v1/relationships', { kind: 'spouse', partners: [john, mary] });
  const cycle = await api('/v1/relationships', { method: 'POST', body: JSON.stringify({ kind: 'parent', parent: william, child: thomas }) });
  t.equal(cycle.status, 422, 'a grandson cannot become his grandfather\'s parent');
  t.equal((await cycle.json()).code, 'relationship-cycle');

  const baptism = await post('/v1/events', {
    type: 'BAPM',
    date: '20 MAR 1851',
    place: 'Ledbury',
    participants: [{ person: william, role: 'principal' }, { person: godfather, role: 'godparent' }],
  });
  t.equal(baptism.sort_date !== null, true, 'the event date is sortable');

  const pedigree = await (await api(`/v1/persons/${william}/pedigree?generations=3`)).json();
  const slots = new Map<number, string>(pedigree.slots.map((slot: { ahnentafel: number; person: string }) => [slot.ahnentafel, slot.person]));
  t.same(Object.fromEntries(slots), { 1: william, 2: john, 3: mary, 4: thomas, 5: ann }, 'Ahnentafel: father 2n, mother 2n+1, empty slots absent');

  const svgReply = await api(`/v1/persons/${william}/pedigree?generations=3`, { headers: { accept: 'image/svg+xml' } });
  t.match(svgReply.headers.get('content-type'), /^image\/svg\+xml/);
  const svg = await svgReply.text();
  t.equal(XMLValidator.validate(svg), true, 'the chart is well-formed XML');
  t.ok(new XMLParser().parse(svg).svg, 'whose root is <svg>');
  for (const name of ['William', 'John', 'Mary', 'Thomas', 'Ann']) t.match(svg, name, `the chart names ${name}`);

  const card = await (await api(`/v1/persons/${john}/card?expand=events`)).json();
  t.match(JSON.stringify(card), /Thomas/, 'the card names the parents');
  t.match(JSON.stringify(card), /William/, 'and the children');

  const labels = await (await api(`/v1/labels?ids=${[william, source.id, baptism.id, '01938f0e-0000-7000-8000-000000000000'].join(',')}`)).json();
  const byId = new Map(labels.labels.map((label: { id: string; label: string }) => [label.id, label.label]));
  t.match(byId.get(william), /William Smyth/);
  t.match(byId.get(william), /1851/, 'a person is labelled with life years');
  t.match(byId.get(source.id), /Ledbury/);
  t.ok(byId.get(baptism.id), 'an event has a label');
  t.equal(labels.labels.length, 3, 'an unknown id is omitted');

  const search = async (q: string) => (await (await api(`/v1/persons?q=${encodeURIComponent(q)}`)).json()).items.map((p: { id: string }) => p.id);
  t.same(await search('O Suilleabhain'), [mary], 'diacritics folded');
  t.same(await search('Muller'), [ann]);

  const fan = await (await api(`/v1/persons/${william}/fan-network?window_start=1840&window_end=1860`)).json();
  t.match(JSON.stringify(fan), new RegExp(godfather), 'the godfather shares the baptism');
  await assertStreamAndAudit(t, api);
});

async function assertStreamAndAudit(t: Test, api: Api) {
  const audit = await (await api('/v1/audit?include=person,relationship,event')).json();
  const kinds = new Set(audit.items.map((entry: { kind: string }) => entry.kind));
  for (const kind of ['person.concluded.v1', 'relationship.created.v1', 'event.created.v1']) t.ok(kinds.has(kind), `${kind} is in the audit`);
}
