import t from 'tap';
import { boot, parentOf, partners, people, UNKNOWN } from './fixtures/helpers.js';

/**
 * What a client reads in each refusal: the code, the title and a detail naming the persons
 * involved, so a genealogist (or an assistant) can tell which edge was refused and why.
 */
t.test('every refusal names its problem and the persons involved', async (t) => {
  const { s, mounts } = await boot(t);
  const mount = mounts[1];
  const p = await people(s, mount, { dad: { given: 'Dad', sex: 'M' }, mum: { given: 'Mum', sex: 'F' }, kid: { given: 'Kid' }, other: { given: 'Other', sex: 'M' }, grandkid: { given: 'Grandkid' } });
  const send = async (path: string, body: unknown) => (await s.request('POST', `${mount.prefix}${path}`, { body })).json();

  t.match(await send('/relationships', { kind: 'parent', parent: p.kid, child: p.kid }), {
    status: 422, code: 'relationship-self', title: 'A person cannot be their own parent or partner', detail: `Person ${p.kid} cannot be their own parent`,
  });
  t.match(await send('/relationships', { kind: 'spouse', partners: [p.kid, p.kid] }), {
    status: 422, code: 'relationship-self', title: 'A person cannot be their own parent or partner', detail: `Person ${p.kid} cannot be their own partner`,
  });

  const edge = (await parentOf(s, mount, p.dad, p.kid)).json();
  await parentOf(s, mount, p.mum, p.kid);
  await parentOf(s, mount, p.kid, p.grandkid);
  const exists = await send('/relationships', { kind: 'parent', parent: p.dad, child: p.kid });
  t.same(exists, {
    type: 'urn:rootline:problem:relationship-exists', status: 409, code: 'relationship-exists', title: 'That relationship already exists',
    detail: `Relationship ${edge.id} already links these persons`, relationship: edge.id, instance: `${mount.prefix}/relationships`,
  });
  t.match(await send('/relationships', { kind: 'parent', parent: p.grandkid, child: p.dad }), {
    status: 422, code: 'relationship-cycle', title: 'That edge would make a person their own ancestor',
    detail: `Person ${p.grandkid} descends from ${p.dad}: making them a parent of ${p.dad} would make ${p.dad} their own ancestor`,
  });
  t.match(await send('/relationships', { kind: 'parent', parent: p.other, child: p.kid }), {
    status: 422, code: 'too-many-birth-parents', title: 'A person has at most two birth parents',
    detail: `Person ${p.kid} already has two birth parents; unlink one, or give this edge another pedigree`,
  });
  t.match(await send('/relationships/reparent', { child: p.kid, from_parent: p.other, to_parent: p.dad }), {
    status: 404, code: 'not-found', entity: 'relationship', detail: `Person ${p.other} is not a parent of ${p.kid} in this tree`,
  });
  t.match(await send('/relationships/reparent', { child: p.kid, from_parent: p.dad, to_parent: p.kid }), {
    status: 422, code: 'relationship-self', detail: `Person ${p.kid} cannot be their own parent`,
  });
  t.match(await send('/relationships/reparent', { child: p.kid, from_parent: p.dad, to_parent: p.grandkid }), {
    status: 422, code: 'relationship-cycle', detail: `Person ${p.grandkid} descends from ${p.kid}: making them a parent of ${p.kid} would make ${p.kid} their own ancestor`,
  });
  t.match(await send('/relationships/unlink', { relationship: UNKNOWN }), {
    status: 404, code: 'not-found', entity: 'relationship', detail: `There is no relationship ${UNKNOWN} in this tree`,
  });
  t.match(await send('/relationships', { kind: 'spouse', partners: [UNKNOWN, p.kid] }), { status: 404, entity: 'person', detail: `There is no person ${UNKNOWN} in this tree` });
  t.match((await s.request('GET', `${mount.prefix}/persons/${UNKNOWN}/pedigree`)).json(), { status: 404, entity: 'person', detail: `There is no person ${UNKNOWN} in this tree` });
  const marriage = (await partners(s, mount, p.dad, p.mum)).json();
  t.match(await send('/relationships', { kind: 'spouse', partners: [p.mum, p.dad] }), { status: 409, relationship: marriage.id, detail: `Relationship ${marriage.id} already links these persons` });
});
